import { Link } from 'react-router-dom';
import styles from './app-shell.module.css';
import ui from '../shared/ui.module.css';

export function RouteError() {
  return (
    <div className={`container ${styles.error}`} role="alert">
      <h1 className={styles.errorTitle}>Something went wrong</h1>
      <p>The page could not be shown. Reloading usually fixes it.</p>
      <div className={styles.errorActions}>
        <button type="button" className={ui.button} onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/" className={ui.buttonGhost} reloadDocument>
          Go home
        </Link>
      </div>
    </div>
  );
}
