import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { CATEGORIES, SUB_CATEGORIES } from '#domain/store-rules';
import type { Database } from '../db/schema.js';
import { cellOf, emptyCounts } from './cells.js';
import {
  PRODUCT_COLUMNS,
  SORT_KEYS,
  afterCursor,
  inFilter,
  inScope,
  type ProductRow,
} from './product-rows.js';
import type { MatchCounts, PageFilter, PageRequest, SearchScope, Sort } from './query.js';
import { typoSpellings, type SearchWord } from './search-text.js';

// What both engines behind GET /api/product/query share: the words' expansion, the queries without search text and
// helpers of each engine's own SQL. Matching (every word, the last as a prefix, one-edit typos via `search_terms`) and
// the stable relevance tiers, which a cursor resumes, are in docs/decisions/010-catalogue-query-and-search.md.

export type Executor = Kysely<Database> | Transaction<Database>;

export interface ExpandedWord extends SearchWord {
  /** Indexed words one edit away from the word, and (the last word) indexed words it begins. */
  alternatives: string[];
  /** The word begins more indexed words than are listed: the engine's own prefix match covers it. */
  nativePrefix: boolean;
}

export type SearchRow = ProductRow & { tier: number };

export type Tier = 1 | 2 | 3;
export const TIERS: readonly Tier[] = [3, 2, 1];

/** Past this many indexed words beginning the word typed, the engine's prefix operator is used instead. */
const PREFIX_TERMS_MAX = 64;
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

/** Adds to each word its indexed one-edit spellings (within typoSpellings' budget) and, for the last, the words it begins. */
export async function expandWords(db: Executor, words: readonly SearchWord[]): Promise<ExpandedWord[]> {
  const variants = typoSpellings(words);
  const all = [...new Set([...variants.values()].flat())];
  const found = new Set<string>();
  for (let start = 0; start < all.length; start += 5000) {
    const rows = await db
      .selectFrom('search_terms')
      .select('term')
      .where('term', 'in', all.slice(start, start + 5000))
      .execute();
    for (const row of rows) found.add(row.term);
  }
  return Promise.all(
    words.map(async (w) => {
      const alternatives = variants.get(w.text)!.filter((v) => found.has(v));
      let nativePrefix = false;
      if (w.prefix) {
        const begun = await db
          .selectFrom('search_terms')
          .select('term')
          .where('term', '>', w.text)
          .where('term', '<', w.text + LAST_CODE_POINT)
          .orderBy('term')
          .limit(PREFIX_TERMS_MAX + 1)
          .execute();
        nativePrefix = begun.length > PREFIX_TERMS_MAX;
        if (!nativePrefix)
          alternatives.push(...begun.map((r) => r.term).filter((t) => !alternatives.includes(t)));
      }
      return { ...w, alternatives, nativePrefix };
    }),
  );
}

export interface QuerySql {
  beforeQuery(trx: Transaction<Database>): Promise<void>;
  /** Inside the writing transaction, once all products were written. */
  afterWrite(trx: Transaction<Database>, written: number): Promise<void>;
  countCells(db: Executor, words: readonly ExpandedWord[], scope: SearchScope): Promise<MatchCounts>;
  /** The total alone, cheaper than counting every cell; absent where page() plans a search from countCells' answer. */
  countMatches?(
    db: Executor,
    words: readonly ExpandedWord[],
    scope: SearchScope,
    filter: PageFilter,
  ): Promise<number>;
  page(db: Executor, words: readonly ExpandedWord[], request: PageRequest): Promise<SearchRow[]>;
}

// ---- Both databases: without search text ----

export async function countCellsPlain(db: Executor, scope: SearchScope): Promise<number[]> {
  const rows = await db
    .selectFrom('products')
    .select((eb) => ['products.category', 'products.sub_category', eb.fn.countAll<number | string>().as('n')])
    .where((eb) => inScope(eb, scope))
    .groupBy(['products.category', 'products.sub_category'])
    .execute();
  const counts = emptyCounts();
  for (const row of rows) {
    const cell = cellOf(row.category, row.sub_category);
    if (cell !== undefined) counts[cell] = Number(row.n);
  }
  return counts;
}

export function plainPageQuery(db: Executor, { scope, sort, cursor, limit }: PageRequest) {
  const query = db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .select(sql<number>`0`.as('tier'))
    .where((eb) => inScope(eb, scope, { forPage: true }))
    .limit(limit);
  if (sort === 'relevant') {
    return {
      query: cursor ? query.where('products.position', '>', cursor.position) : query,
      order: undefined,
    };
  }
  return {
    query: cursor ? query.where((eb) => afterCursor(eb, sort, cursor)) : query,
    order: SORT_KEYS[sort],
  };
}

/** Without search text, the same query on both; SQLite adds a hint when many products match (query-sql-sqlite.ts). */
export async function pagePlain(db: Executor, request: PageRequest): Promise<SearchRow[]> {
  const { query, order } = plainPageQuery(db, request);
  const filtered = query.where((eb) => inFilter(eb, request.filter));
  if (!order) return filtered.orderBy('products.position').execute();
  return filtered.orderBy(`products.${order[0]}`, order[1]).orderBy('products.position').execute();
}

/** A write this large also compacts the search index and refreshes the planner's statistics. */
export const BULK_WRITE = 1000;

// ---- Both databases: helpers of each engine's search SQL ----

/**
 * The cells the scope and the filter's ticks leave: undefined when that is every cell (no condition needed, so a
 * pair outside the lists is not excluded either), [] when nothing can match.
 */
export function cellsLeft(scope: SearchScope, filter?: PageFilter): number[] | undefined {
  let cells = CATEGORIES.flatMap((c) => SUB_CATEGORIES.map((s) => cellOf(c, s)!));
  if (filter)
    cells = cells.filter((cell) =>
      filter.categories.some((c) => filter.subCategories.some((s) => cellOf(c, s) === cell)),
    );
  if (scope.cell !== undefined) cells = cells.filter((cell) => cell === scope.cell);
  if (scope.only?.length === 0) return [];
  return cells.length < CATEGORIES.length * SUB_CATEGORIES.length ? cells : undefined;
}

export const P_COLUMNS = sql.raw(PRODUCT_COLUMNS.map((c) => c.replace('products.', 'p.')).join(', '));

/** Rows (alias p, or another holding the sort keys) after the cursor in a price or date order, as afterCursor writes it. */
export function afterKeyset(
  sort: Exclude<Sort, 'relevant'>,
  cursor: PageRequest['cursor'],
  alias = 'p',
): RawBuilder<unknown> {
  if (!cursor) return sql`1 = 1`;
  const [column, direction] = SORT_KEYS[sort];
  const key = sql.ref(`${alias}.${column}`);
  const position = sql.ref(`${alias}.position`);
  return direction === 'asc'
    ? sql`${key} >= ${cursor.key} AND (${key} > ${cursor.key} OR ${position} > ${cursor.position})`
    : sql`${key} <= ${cursor.key} AND (${key} < ${cursor.key} OR ${position} > ${cursor.position})`;
}
