import type { Category as RestCategory, SubCategory } from '../../../domain/store-rules.js';
import type { Category, ProductType } from '../generated/resolvers-types.js';

// The one mapping between the REST labels (domain/store-rules.ts) and the GraphQL enums.
export const CATEGORY_OF_LABEL = {
  Men: 'MEN',
  Women: 'WOMEN',
} as const satisfies Record<RestCategory, Category>;

export const TYPE_OF_LABEL = {
  'Sports Shoes': 'SPORTS_SHOES',
  Sneakers: 'SNEAKERS',
  'Leather Shoes': 'LEATHER_SHOES',
  Slippers: 'SLIPPERS',
  Sandals: 'SANDALS',
} as const satisfies Record<SubCategory, ProductType>;

/** Every enum value in the schema's order, for facet groups that list zero counts too. */
export const ALL_CATEGORIES: readonly Category[] = ['MEN', 'WOMEN'];
export const ALL_TYPES: readonly ProductType[] = ['SPORTS_SHOES', 'SNEAKERS', 'LEATHER_SHOES', 'SLIPPERS', 'SANDALS'];

/** The REST label of each GraphQL value: the mappings above, turned around. */
export const LABEL_OF_CATEGORY = Object.fromEntries(Object.entries(CATEGORY_OF_LABEL).map(([label, value]) => [value, label])) as Record<
  Category,
  RestCategory
>;
export const LABEL_OF_TYPE = Object.fromEntries(Object.entries(TYPE_OF_LABEL).map(([label, value]) => [value, label])) as Record<ProductType, SubCategory>;
