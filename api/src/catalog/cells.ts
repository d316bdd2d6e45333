import type { Category, SubCategory } from '../../../domain/store-rules.js';

// The catalogue's filter groups form a grid of (category, type) cells. Counting the products of each cell once is
// enough to answer the total and both facet groups for any combination of ticked boxes.
// The numbers are stored: the SQLite search index keeps them in its rowid (position × 16 + cell) and PostgreSQL's
// product_search in a column, both written by frozen migrations (002, 003) whose triggers spell them out. So they
// are listed here rather than computed from the order of the store's lists, where a type added to the middle (or
// the end: the Women cells would shift) would silently renumber them. Keyed by both unions, a name added to
// domain/store-rules.ts fails to compile here until its pairs get the next numbers (10, 11, …; at most 14, as 15 means
// "outside the lists"), with a new migration that teaches the triggers the new pairs.
const CELLS = {
  Men: { 'Sports Shoes': 0, Sneakers: 1, 'Leather Shoes': 2, Slippers: 3, Sandals: 4 },
  Women: { 'Sports Shoes': 5, Sneakers: 6, 'Leather Shoes': 7, Slippers: 8, Sandals: 9 },
} as const satisfies Record<Category, Record<SubCategory, number>>;

/** The pair of each cell number (0 to CELL_COUNT - 1). */
const PAIR_OF_CELL = Object.entries(CELLS)
  .flatMap(([category, types]) =>
    Object.entries(types).map(([subCategory, cell]) => ({ category: category as Category, subCategory: subCategory as SubCategory, cell })),
  )
  .sort((a, b) => a.cell - b.cell);

export const CELL_COUNT = PAIR_OF_CELL.length;

export function cellOf(category: string, subCategory: string): number | undefined {
  if (!Object.hasOwn(CELLS, category)) return undefined;
  const types: Record<string, number> = CELLS[category as Category];
  return Object.hasOwn(types, subCategory) ? types[subCategory] : undefined;
}

export function cellCategory(cell: number): Category {
  return PAIR_OF_CELL[cell]!.category;
}

export function cellSubCategory(cell: number): SubCategory {
  return PAIR_OF_CELL[cell]!.subCategory;
}

/** Products per cell, indexed by cell number. */
export type CellCounts = readonly number[];

export function emptyCounts(): number[] {
  return new Array<number>(CELL_COUNT).fill(0);
}
