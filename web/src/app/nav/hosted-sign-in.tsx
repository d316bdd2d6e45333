import {
  ClerkProvider,
  SignInButton,
  SignedIn,
  SignedOut,
  UserButton,
  useAuth,
  useClerk,
} from '@clerk/clerk-react';
import { useApolloClient } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { hostedSignInReturnPath } from '../../features/login';
import { setHostedSession } from '../../shared/session/session-store';
import { useSyncUser } from './use-sync-user';
import { UserIcon } from '../../shared/icons';
import styles from './nav-bar.module.css';

// Loaded only when VITE_CLERK_PUBLISHABLE_KEY is set (see sign-in-control.tsx): modal sign-in and sign-up and
// the user menu. Signing in returns to / (spec §2), or to checkout or MY ORDERS when started there;
// SessionBridge hands the session to the session store.
export default function HostedSignIn({ publishableKey }: { publishableKey: string }) {
  const { pathname } = useLocation();
  return (
    <ClerkProvider publishableKey={publishableKey} afterSignOutUrl="/">
      <SessionBridge />
      <ProviderStatus />
      <SignedOut>
        <SignInButton mode="modal" {...returningTo(hostedSignInReturnPath(pathname))}>
          <button type="button" className={styles.iconButton} aria-label="Sign in">
            <UserIcon />
          </button>
        </SignInButton>
      </SignedOut>
      <SignedIn>
        <UserButton />
      </SignedIn>
    </ClerkProvider>
  );
}

/** Where Clerk sends the shopper after signing in, or after signing up from the sign-in modal. */
function returningTo(path: string) {
  return { forceRedirectUrl: path, signUpForceRedirectUrl: path };
}

type ClerkStatus = ReturnType<typeof useClerk>['status'];

/**
 * Clerk's status, read from the instance: Not clerk-react's <ClerkLoading>/<ClerkFailed>: they miss a change
 * made before the provider subscribes, so on a repeat visit they would show "loading" beside a ready button.
 */
function useProviderStatus(): ClerkStatus {
  const clerk = useClerk();
  const subscribe = useCallback(
    (onChange: () => void) => {
      clerk.on('status', onChange);
      return () => clerk.off('status', onChange);
    },
    [clerk],
  );
  return useSyncExternalStore(
    subscribe,
    () => clerk.status,
    () => 'loading',
  );
}

/** The provider's status, shown only while it is not ready: the store's own login keeps working meanwhile. */
function ProviderStatus() {
  const status = useProviderStatus();
  if (status === 'loading') {
    return (
      <span className={styles.providerStatus} role="status">
        Sign-in loading…
      </span>
    );
  }
  if (status === 'degraded') {
    return (
      <span className={styles.providerStatus} role="status">
        Sign-in degraded
      </span>
    );
  }
  if (status === 'error') {
    return (
      <Link to="/login" className={styles.providerStatus} role="alert">
        Sign-in unavailable: use email
      </Link>
    );
  }
  return null;
}

const NOBODY_SIGNED_IN = { signedIn: false, getToken: () => Promise.resolve(null) };

/** Hands the provider's session to the session store, and syncs the store user once per sign-in (spec §7). */
function SessionBridge() {
  const { isLoaded, isSignedIn, userId, getToken } = useAuth();
  const clerk = useClerk();
  const failed = useProviderStatus() === 'error';
  const signedIn = isSignedIn === true;
  const client = useApolloClient();
  const syncUser = useSyncUser();

  useEffect(() => {
    if (isLoaded) {
      setHostedSession({
        signedIn,
        userId: userId ?? null,
        getToken: () => getToken(),
        openSignIn: (returnTo) => clerk.openSignIn(returningTo(returnTo)),
      });
    } else if (failed) {
      // Clerk could not load: nobody is signed in through it, so the pages waiting for the session (checkout,
      // orders) go on as signed out, with no modal to offer: the store's own login is the way in.
      setHostedSession(NOBODY_SIGNED_IN);
    }
  }, [isLoaded, failed, signedIn, userId, getToken, clerk]);

  // Who was signed in at Clerk's last answer; undefined before its first.
  const lastUser = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!isLoaded) return;
    const user = userId ?? null;
    const previous = lastUser.current;
    if (previous === user) return;
    lastUser.current = user;
    // When someone else signs in or out, cached carts and orders belong to the one before. On Clerk's first
    // answer nothing of anyone's is cached yet (they wait for a known session), and a reset would only cancel
    // the cart fetch just started for this user, and toast its error.
    const reset = previous === undefined ? Promise.resolve() : client.resetStore().catch(() => undefined);
    // The sync waits for the reset, which would otherwise cancel it in flight.
    void reset.then(() => (user ? syncUser() : undefined)).catch(() => undefined);
  }, [isLoaded, userId, client, syncUser]);

  useEffect(() => () => setHostedSession(null), []);
  return null;
}
