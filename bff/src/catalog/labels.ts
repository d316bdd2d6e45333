import {
  CATEGORIES,
  CATEGORY_BY_ENUM_VALUE,
  SUB_CATEGORIES,
  SUB_CATEGORY_BY_ENUM_VALUE,
  valuesByName,
  type Category as RestCategory,
  type SubCategory,
} from '#domain/store-rules';
import type { Category, ProductType } from '../generated/resolvers-types.js';

// Typed both ways, so a value one side gains and the other lacks fails to compile.
export const LABEL_OF_CATEGORY: Readonly<Record<Category, RestCategory>> = CATEGORY_BY_ENUM_VALUE;
export const LABEL_OF_TYPE: Readonly<Record<ProductType, SubCategory>> = SUB_CATEGORY_BY_ENUM_VALUE;
export const CATEGORY_OF_LABEL: Readonly<Record<RestCategory, Category>> =
  valuesByName(CATEGORY_BY_ENUM_VALUE);
export const TYPE_OF_LABEL: Readonly<Record<SubCategory, ProductType>> =
  valuesByName(SUB_CATEGORY_BY_ENUM_VALUE);

/** For facet groups that list zero counts too. */
export const ALL_CATEGORIES: readonly Category[] = CATEGORIES.map((label) => CATEGORY_OF_LABEL[label]);
export const ALL_TYPES: readonly ProductType[] = SUB_CATEGORIES.map((label) => TYPE_OF_LABEL[label]);
