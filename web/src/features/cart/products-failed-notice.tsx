import { LoadFailed } from '../../shared/load-failed';

/** Says that the cart's product details (names, prices) could not be loaded, and offers to ask again. */
export function ProductsFailedNotice({ onRetry }: { onRetry: () => void }) {
  return <LoadFailed inline title="The product details could not be loaded." onRetry={onRetry} />;
}
