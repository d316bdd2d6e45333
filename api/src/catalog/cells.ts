import type { Category, SubCategory } from '#domain/store-rules';

// The filter groups form a grid of (category, type) cells: one count per cell answers the total and both facet groups.
// The numbers are stored (SQLite's rowid, PostgreSQL's product_search column; frozen migrations 002 and 003 spell them
// out), so they are listed, not derived from the lists' order. A name added to domain/store-rules.ts fails to compile
// here until its pairs get the next numbers (at most 14; 15 is "outside the lists"), with a migration for the triggers.
const CELLS = {
  Men: { 'Sports Shoes': 0, Sneakers: 1, 'Leather Shoes': 2, Slippers: 3, Sandals: 4 },
  Women: { 'Sports Shoes': 5, Sneakers: 6, 'Leather Shoes': 7, Slippers: 8, Sandals: 9 },
} as const satisfies Record<Category, Record<SubCategory, number>>;

/** The pair of each cell number (0 to CELL_COUNT - 1). */
const PAIR_OF_CELL = Object.entries(CELLS)
  .flatMap(([category, types]) =>
    Object.entries(types).map(([subCategory, cell]) => ({
      category: category as Category,
      subCategory: subCategory as SubCategory,
      cell,
    })),
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
