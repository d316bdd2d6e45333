import type { Category as StoreCategory, SubCategory } from '../../../../domain/store-rules';
import type { Category, ProductSort, ProductType } from '../../graphql/generated/graphql';

// The API's enum values in the order the filters list them, with the store's own labels (domain/store-rules).
export const CATEGORY_OPTIONS = [
  { value: 'MEN', label: 'Men' },
  { value: 'WOMEN', label: 'Women' },
] as const satisfies ReadonlyArray<{ value: Category; label: StoreCategory }>;

export const TYPE_OPTIONS = [
  { value: 'SPORTS_SHOES', label: 'Sports Shoes' },
  { value: 'SNEAKERS', label: 'Sneakers' },
  { value: 'LEATHER_SHOES', label: 'Leather Shoes' },
  { value: 'SLIPPERS', label: 'Slippers' },
  { value: 'SANDALS', label: 'Sandals' },
] as const satisfies ReadonlyArray<{ value: ProductType; label: SubCategory }>;

export const SORT_OPTIONS = [
  { value: 'RELEVANT', label: 'Sort by: Relevant' },
  { value: 'PRICE_ASC', label: 'Sort by: Low to High' },
  { value: 'PRICE_DESC', label: 'Sort by: High to Low' },
] as const satisfies ReadonlyArray<{ value: ProductSort; label: string }>;

export const CATEGORY_VALUES = CATEGORY_OPTIONS.map((option) => option.value);
export const TYPE_VALUES = TYPE_OPTIONS.map((option) => option.value);
export const SORT_VALUES = SORT_OPTIONS.map((option) => option.value);

export function categoryLabel(category: Category): StoreCategory {
  return CATEGORY_OPTIONS.find((option) => option.value === category)?.label ?? 'Men';
}

export function typeLabel(type: ProductType): SubCategory {
  return TYPE_OPTIONS.find((option) => option.value === type)?.label ?? 'Sneakers';
}
