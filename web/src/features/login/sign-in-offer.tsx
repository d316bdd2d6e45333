import { Link } from 'react-router-dom';
import ui from '../../shared/ui.module.css';
import type { OpenHostedSignIn } from '../../shared/session/session-store';
import { loginPathFor } from './next-path';
import styles from './sign-in-offer.module.css';

interface HostedSignInOfferProps {
  /** Why the page asks for a sign-in, e.g. 'Sign in to see your orders.' */
  reason: string;
  /** The page to come back to once signed in, either way. */
  returnTo: string;
  openSignIn: OpenHostedSignIn;
}

/**
 * What a page that needs a session shows a signed-out shopper when the hosted sign-in is ready: its modal,
 * and the store's email form as the alternative. Sending them straight to the form, as without the hosted
 * sign-in, would leave a shopper whose account is with the provider no way in from here.
 */
export function HostedSignInOffer({ reason, returnTo, openSignIn }: HostedSignInOfferProps) {
  return (
    <div className={styles.offer}>
      <p>{reason}</p>
      <div className={styles.actions}>
        <button type="button" className={ui.button} onClick={() => openSignIn(returnTo)}>
          Sign in
        </button>
        <Link to={loginPathFor(returnTo)} className={ui.buttonGhost}>
          Sign in with email instead
        </Link>
      </div>
    </div>
  );
}
