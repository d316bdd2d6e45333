import {
  ClerkDegraded,
  ClerkFailed,
  ClerkLoading,
  ClerkProvider,
  SignInButton,
  SignedIn,
  SignedOut,
  UserButton,
  useAuth,
} from '@clerk/clerk-react';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { setHostedSession } from '../../features/session/session-store';
import { SyncUserDocument } from '../../graphql/generated/graphql';
import { UserIcon } from '../icons';
import styles from './nav-bar.module.css';

// Loaded only when VITE_CLERK_PUBLISHABLE_KEY is set (see sign-in-control.tsx): modal sign-in and sign-up,
// the provider's user menu, and both return to / (spec §2).
export default function HostedSignIn({ publishableKey }: { publishableKey: string }) {
  return (
    <ClerkProvider publishableKey={publishableKey} afterSignOutUrl="/">
      <SessionBridge />
      {/* The provider's status, shown only while it is not ready: the store's own login keeps working meanwhile. */}
      <ClerkLoading>
        <span className={styles.providerStatus} role="status">
          Sign-in loading…
        </span>
      </ClerkLoading>
      <ClerkDegraded>
        <span className={styles.providerStatus} role="status">
          Sign-in degraded
        </span>
      </ClerkDegraded>
      <ClerkFailed>
        <Link to="/login" className={styles.providerStatus} role="alert">
          Sign-in unavailable: use email
        </Link>
      </ClerkFailed>
      <SignedOut>
        <SignInButton mode="modal" forceRedirectUrl="/" signUpForceRedirectUrl="/">
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

/** Hands the provider's session to the session store, and syncs the store user once per sign-in (spec §7). */
function SessionBridge() {
  const { isLoaded, isSignedIn, userId, getToken } = useAuth();
  const signedIn = isSignedIn === true;
  const client = useApolloClient();
  // The spec's profile call: its answer is not used and a failure is only logged.
  const [syncUser] = useMutation(SyncUserDocument, { context: { silent: true } });

  useEffect(() => {
    if (isLoaded) setHostedSession({ signedIn, getToken: () => getToken() });
  }, [isLoaded, signedIn, getToken]);

  useEffect(() => {
    if (!isLoaded) return;
    // Whoever was signed in before, cached carts and orders belong to them.
    // The sync waits for the reset, which would otherwise cancel it in flight.
    void client
      .resetStore()
      .catch(() => undefined)
      .then(() => (userId ? syncUser() : undefined))
      .catch(() => undefined);
  }, [isLoaded, userId, client, syncUser]);

  useEffect(() => () => setHostedSession(null), []);
  return null;
}
