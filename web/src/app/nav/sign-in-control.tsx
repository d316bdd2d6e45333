import { useApolloClient } from '@apollo/client/react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { clearSessionToken, useSessionToken } from '../../shared/session/session-store';
import { BRAND } from '../../shared/brand';
import { UserIcon } from '../../shared/icons';
import styles from './nav-bar.module.css';
import { useViewerName } from './use-viewer-name';

// Clerk (its React SDK here, its script from Clerk's own origin) is fetched only when a publishable key is
// configured, so by default the store makes no request to any other origin.
const HostedSignIn = lazy(() => import('./hosted-sign-in'));

/**
 * The nav's account control. A token from the email/password login shows the store's user menu; otherwise the
 * hosted provider's modal sign-in (when configured) or a link to /login.
 */
export function SignInControl() {
  const token = useSessionToken();
  if (token) return <UserMenu />;
  if (BRAND.clerkPublishableKey) {
    return (
      <Suspense fallback={<SignInLink />}>
        <HostedSignIn publishableKey={BRAND.clerkPublishableKey} />
      </Suspense>
    );
  }
  return <SignInLink />;
}

function SignInLink() {
  return (
    <Link to="/login" className={styles.iconButton} aria-label="Sign in">
      <UserIcon />
    </Link>
  );
}

function UserMenu() {
  // Open "for" one path: any navigation closes the menu without an effect.
  const [openFor, setOpenFor] = useState<string | null>(null);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const client = useApolloClient();
  const { pathname } = useLocation();
  const open = openFor === pathname;
  const setOpen = (value: boolean) => setOpenFor(value ? pathname : null);
  const name = useViewerName();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpenFor(null);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpenFor(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const signOut = () => {
    setOpen(false);
    clearSessionToken();
    // The signed-out shopper must not see the previous shopper's cart or orders from the cache; queries still
    // on screen load again (a failure there is logged and toasted by the client).
    void client.resetStore().catch(() => undefined);
    void navigate('/');
  };

  return (
    <div className={styles.userMenu} ref={rootRef}>
      <button
        type="button"
        className={styles.iconButton}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={name ? `Account menu for ${name}` : 'Account menu'}
        onClick={() => setOpen(!open)}
      >
        <UserIcon />
        <span className={styles.signedInDot} aria-hidden="true" />
      </button>
      <div id={menuId} className={styles.userMenuPanel} hidden={!open}>
        {name ? <p className={styles.userMenuName}>Hi, {name}</p> : null}
        <Link to="/orders" className={styles.userMenuItem}>
          My orders
        </Link>
        <button type="button" className={styles.userMenuItem} onClick={signOut}>
          Sign out
        </button>
      </div>
    </div>
  );
}
