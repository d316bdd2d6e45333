import { BRAND } from '../brand';
import { useHydrated } from '../use-hydrated';
import { accountIdOf } from './account-id';
import { useHostedAccount, useHostedSessionKnown, useSessionToken } from './session-store';

/**
 * Whether someone is signed in, or 'pending' while that is not known yet: before hydration, and, with the
 * hosted sign-in configured, until it has loaded. Acting on 'signedOut' too early would empty an account's
 * cart or send a signed-in shopper to /login.
 */
export type SessionStatus = 'pending' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  /** Who is signed in: the store token's account (accountIdOf), `hosted:<user id>` for the hosted sign-in, or null. */
  account: string | null;
}

export function useSession(): Session {
  const hydrated = useHydrated();
  const token = useSessionToken();
  const hosted = useHostedAccount();
  const hostedKnown = useHostedSessionKnown();
  if (!hydrated) return { status: 'pending', account: null };
  if (token !== null) return { status: 'signedIn', account: accountIdOf(token) };
  if (hosted !== null) return { status: 'signedIn', account: hosted };
  if (BRAND.clerkPublishableKey && !hostedKnown) return { status: 'pending', account: null };
  return { status: 'signedOut', account: null };
}
