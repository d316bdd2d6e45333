import { Link } from 'react-router-dom';
import { NotFoundMessage } from '../shared/not-found-message';
import ui from '../shared/ui.module.css';
import { useDocumentMeta } from '../shared/use-document-meta';

export default function NotFoundPage() {
  useDocumentMeta('Page not found', 'The page you were looking for does not exist.');
  return (
    <NotFoundMessage title="Page not found" text="The page you were looking for does not exist or has moved.">
      <Link to="/" className={ui.button}>
        Back to home
      </Link>
      <Link to="/collection" className={ui.buttonGhost}>
        Browse the collection
      </Link>
    </NotFoundMessage>
  );
}
