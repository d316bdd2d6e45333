import { categoryLabel, typeLabel } from '../../shared/catalog/catalog-labels';
import type { Category, ProductType } from '../../graphql/generated/graphql';
import { ROUTES } from '../../shared/route-table';

interface View {
  categories: readonly Category[];
  types: readonly ProductType[];
  inStock: boolean;
  q: string;
}

/** The unfiltered collection's heading, as the spec's page has it. */
export const ALL_COLLECTIONS = 'All collections';
// More types than this read as a list, not a heading: they are named "footwear".
const MAX_NAMED_TYPES = 2;

function sentenceCase(text: string): string {
  const lower = text.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}

/**
 * What the collection shows, in the words of the spec's headings (shown in capitals): "Men’s sneakers",
 * "Women’s collection", "Search results"; "All collections" with nothing set. Also the document's title.
 */
export function collectionHeading(view: View): string {
  const who = view.categories.map((category) => `${categoryLabel(category)}’s`).join(' & ');
  const what =
    view.types.length === 0
      ? ''
      : view.types.length <= MAX_NAMED_TYPES
        ? view.types.map((type) => typeLabel(type)).join(' & ')
        : 'footwear';
  if (who || what) return sentenceCase([who, what || 'collection'].filter(Boolean).join(' '));
  if (view.q) return 'Search results';
  if (view.inStock) return 'In stock now';
  return ALL_COLLECTIONS;
}

/** The document's title (the server's too): the heading, or the page's own title when nothing is set. */
export function collectionTitle(view: View): string {
  const heading = collectionHeading(view);
  return heading === ALL_COLLECTIONS ? ROUTES.collection.meta.title : heading;
}

/** "12 products", and what they were searched for. */
export function resultCountText(count: number, q: string): string {
  const products = `${count} ${count === 1 ? 'product' : 'products'}`;
  return q ? `${products} for “${q}”` : products;
}
