import { categoryLabel, typeLabel } from '../../shared/catalog/catalog-labels';
import type { CollectionParams } from './collection-params';

export interface ActiveFilter {
  key: string;
  /** What the chip shows. */
  label: string;
  /** Its accessible name, which says what a tap does. */
  removeLabel: string;
  /** The view once this filter is removed. */
  without: CollectionParams;
}

/** Every filter set in the view, the search included, in the order the panel lists them. */
export function activeFilters(view: CollectionParams): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  for (const category of view.categories) {
    const label = categoryLabel(category);
    const without = { ...view, categories: view.categories.filter((other) => other !== category) };
    chips.push({ key: `category:${category}`, label, removeLabel: `Remove filter: ${label}`, without });
  }
  for (const type of view.types) {
    const label = typeLabel(type);
    const without = { ...view, types: view.types.filter((other) => other !== type) };
    chips.push({ key: `type:${type}`, label, removeLabel: `Remove filter: ${label}`, without });
  }
  if (view.inStock) {
    chips.push({
      key: 'inStock',
      label: 'In stock only',
      removeLabel: 'Remove filter: In stock only',
      without: { ...view, inStock: false },
    });
  }
  if (view.q)
    chips.push({
      key: 'q',
      label: `“${view.q}”`,
      removeLabel: `Remove search: ${view.q}`,
      without: { ...view, q: '' },
    });
  return chips;
}
