import {
  CATEGORIES,
  CATEGORY_BY_ENUM_VALUE,
  SUB_CATEGORIES,
  SUB_CATEGORY_BY_ENUM_VALUE,
  valuesByName,
  type Category as StoreCategory,
  type SubCategory,
} from '#domain/store-rules';
import type { Category, ProductSort, ProductType } from '../../graphql/generated/graphql';

// The store's own names (domain/store-rules) of the API's enum values, typed both ways so that a value or
// name one side gains and the other lacks fails to compile. The filters list them in the store's order.
const CATEGORY_LABELS: Readonly<Record<Category, StoreCategory>> = CATEGORY_BY_ENUM_VALUE;
const TYPE_LABELS: Readonly<Record<ProductType, SubCategory>> = SUB_CATEGORY_BY_ENUM_VALUE;
const CATEGORY_OF_LABEL: Readonly<Record<StoreCategory, Category>> = valuesByName(CATEGORY_BY_ENUM_VALUE);
const TYPE_OF_LABEL: Readonly<Record<SubCategory, ProductType>> = valuesByName(SUB_CATEGORY_BY_ENUM_VALUE);

export const CATEGORY_OPTIONS = CATEGORIES.map((label) => ({ value: CATEGORY_OF_LABEL[label], label }));
export const TYPE_OPTIONS = SUB_CATEGORIES.map((label) => ({ value: TYPE_OF_LABEL[label], label }));

export const SORT_OPTIONS = [
  { value: 'RELEVANT', label: 'Sort by: Relevant' },
  { value: 'PRICE_ASC', label: 'Sort by: Low to High' },
  { value: 'PRICE_DESC', label: 'Sort by: High to Low' },
] as const satisfies ReadonlyArray<{ value: ProductSort; label: string }>;

export const CATEGORY_VALUES = CATEGORY_OPTIONS.map((option) => option.value);
export const TYPE_VALUES = TYPE_OPTIONS.map((option) => option.value);
export const SORT_VALUES = SORT_OPTIONS.map((option) => option.value);

export function categoryLabel(category: Category): StoreCategory {
  return CATEGORY_LABELS[category];
}

export function typeLabel(type: ProductType): SubCategory {
  return TYPE_LABELS[type];
}
