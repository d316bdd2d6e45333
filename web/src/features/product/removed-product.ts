import { createContext, useContext } from 'react';

// A product page whose product the back office removed says so (the server answers it 410 Gone), where an id
// that never existed says "not found". Its own module, so the server entry imports it without the lazy page.

/**
 * The words of a missing product's page; the server's title and description are the same (entry-server.tsx).
 */
export const MISSING_PRODUCT = {
  title: 'Product not found',
  description: 'This product is not in our catalogue.',
  text: 'This shoe is not in our catalogue any more — or the link is mistyped.',
} as const;

export const REMOVED_PRODUCT = {
  title: 'No longer sold',
  description: 'This shoe is no longer sold at our store.',
  text: 'This shoe is no longer sold. Find another pair in the collection.',
} as const;

/**
 * The id of the removed product a page is rendered for: set by the server render, which also writes it on the
 * root element (`data-removed-product`) for the browser's first render to match.
 */
export const RemovedProductContext = createContext<string | undefined>(undefined);

export function useRemovedProduct(productId: string): boolean {
  const rendered = useContext(RemovedProductContext);
  const served =
    typeof document === 'undefined' ? undefined : document.getElementById('root')?.dataset.removedProduct;
  return (rendered ?? served) === productId;
}
