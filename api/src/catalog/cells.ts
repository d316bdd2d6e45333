import { CATEGORIES, SUB_CATEGORIES, type Category, type SubCategory } from '../../../domain/store-rules.js';

// The catalogue's filter groups form a grid of (category, type) cells. Counting the products of each cell once is
// enough to answer the total and both facet groups for any combination of ticked boxes.
// Numbered category-major, in the order of the store's lists; the SQLite search index stores this number in its
// rowid (migration 002 writes the same numbering out).
export const CELL_COUNT = CATEGORIES.length * SUB_CATEGORIES.length;

export function cellOf(category: string, subCategory: string): number | undefined {
  const c = CATEGORIES.indexOf(category as Category);
  const s = SUB_CATEGORIES.indexOf(subCategory as SubCategory);
  return c < 0 || s < 0 ? undefined : c * SUB_CATEGORIES.length + s;
}

export function cellCategory(cell: number): Category {
  return CATEGORIES[Math.floor(cell / SUB_CATEGORIES.length)]!;
}

export function cellSubCategory(cell: number): SubCategory {
  return SUB_CATEGORIES[cell % SUB_CATEGORIES.length]!;
}

/** Products per cell, indexed by cell number. */
export type CellCounts = readonly number[];

export function emptyCounts(): number[] {
  return new Array<number>(CELL_COUNT).fill(0);
}
