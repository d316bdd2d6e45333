import { sql, type RawBuilder } from 'kysely';
import { CATEGORIES, SUB_CATEGORIES } from '#domain/store-rules';
import { cellCategory, cellSubCategory, emptyCounts } from './cells.js';
import { SOLD_OUT_POSITIONS, SORT_KEYS } from './product-rows.js';
import type { MatchCounts, PageFilter, PageRequest, SearchScope, Sort } from './query.js';
import {
  BULK_WRITE,
  P_COLUMNS,
  TIERS,
  afterKeyset,
  cellsLeft,
  countCellsPlain,
  pagePlain,
  type Executor,
  type ExpandedWord,
  type QuerySql,
  type SearchRow,
  type Tier,
} from './query-sql-shared.js';

// The catalogue query on PostgreSQL: one tsvector per relevance tier on the narrow product_search table, each with a
// GIN index (docs/decisions/016-postgresql-search-table.md). Counting per cell and tier first lets each ranked page
// pick its plan from exact sizes (a wrong guess would walk the whole catalogue, or rank every match).

const CONFIG = sql.lit('store_search');

function tsWord(word: ExpandedWord): string {
  const terms = [word.text, ...word.alternatives];
  if (word.nativePrefix) terms.push(`${word.text}:*`);
  return `(${terms.join(' | ')})`;
}

const tsquery = (words: readonly ExpandedWord[]) =>
  sql`to_tsquery(${CONFIG}, ${words.map(tsWord).join(' & ')})`;

/** Cells 0–15 (15: a pair outside the lists), as product_search numbers them. */
const ALL_CELLS = 16;
const cellSum = (counts: readonly number[], cells: readonly number[] | undefined) =>
  (cells ?? counts.map((_, cell) => cell)).reduce((sum, cell) => sum + (counts[cell] ?? 0), 0);

function searchRestriction(
  scope: SearchScope,
  filter?: PageFilter,
): { where: RawBuilder<unknown>; cells: number[] | undefined } | undefined {
  const cells = cellsLeft(scope, filter);
  if (cells?.length === 0) return undefined;
  const parts: RawBuilder<unknown>[] = [];
  if (cells) parts.push(sql`s.cell IN (${sql.join(cells)})`);
  if (scope.only) parts.push(sql`s.position IN (${sql.join(scope.only.map((k) => k.position))})`);
  if (scope.except) parts.push(sql`s.position <> ${scope.except.position}`);
  // A hashed list of the few sold-out positions, probed per match.
  if (scope.inStock) parts.push(sql`s.position NOT IN (${SOLD_OUT_POSITIONS})`);
  return { where: parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `), cells };
}

function productRestriction(scope: SearchScope, filter: PageFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filter.categories.length < CATEGORIES.length)
    parts.push(sql`p.category IN (${sql.join([...filter.categories])})`);
  if (filter.subCategories.length < SUB_CATEGORIES.length)
    parts.push(sql`p.sub_category IN (${sql.join([...filter.subCategories])})`);
  if (scope.only) parts.push(sql`p.position IN (${sql.join(scope.only.map((k) => k.position))})`);
  if (scope.cell !== undefined) {
    parts.push(
      sql`p.category = ${cellCategory(scope.cell)} AND p.sub_category = ${cellSubCategory(scope.cell)}`,
    );
  }
  if (scope.except) parts.push(sql`p.position <> ${scope.except.position}`);
  if (scope.inStock) parts.push(sql`p.sold_out = 0`);
  return parts.length === 0 ? sql`TRUE` : sql.join(parts, sql` AND `);
}

// Each tier's rows: the condition an index can answer (`@@`, GIN), and the better tier's to leave out. In a walk in
// catalogue order the function form is used instead, which no index answers, so the planner walks as asked.
const TIER_VECTORS: Record<Tier, { vector: string; better?: string }> = {
  3: { vector: 'name' },
  2: { vector: 'head', better: 'name' },
  1: { vector: 'search', better: 'head' },
};

function tierCondition(tier: Tier, q: RawBuilder<unknown>, walk: boolean): RawBuilder<unknown> {
  const { vector, better } = TIER_VECTORS[tier];
  const match = (column: string) =>
    walk ? sql`ts_match_vq(s.${sql.raw(column)}, ${q})` : sql`s.${sql.raw(column)} @@ ${q}`;
  return better ? sql`${match(vector)} AND NOT ${match(better)}` : match(vector);
}

async function countTiers(
  db: Executor,
  words: readonly ExpandedWord[],
  scope: SearchScope,
): Promise<MatchCounts> {
  const cells = emptyCounts();
  const tiers: Record<Tier, number[]> = {
    3: new Array<number>(ALL_CELLS).fill(0),
    2: new Array<number>(ALL_CELLS).fill(0),
    1: new Array<number>(ALL_CELLS).fill(0),
  };
  const restriction = searchRestriction(scope);
  if (!restriction) return { cells, tiers, span: 0 };
  const q = tsquery(words);
  // A match in the name is one in the name and type, and that one in the whole (each vector holds the shorter
  // one's positions, and a query without NOT only gains matches from more). Two filtered counts give the tiers.
  const { rows } = await sql<{
    cell: number;
    n: number | string;
    head: number | string;
    name: number | string;
    span: number | null;
  }>`
    SELECT s.cell, count(*) AS n, count(*) FILTER (WHERE s.head @@ ${q}) AS head, count(*) FILTER (WHERE s.name @@ ${q}) AS name,
      (SELECT max(position) FROM product_search) AS span
    FROM product_search AS s
    WHERE s.search @@ ${q} AND ${restriction.where}
    GROUP BY s.cell
  `.execute(db);
  for (const row of rows) {
    const [n, head, name] = [Number(row.n), Number(row.head), Number(row.name)];
    if (row.cell < cells.length) cells[row.cell] = n;
    tiers[3][row.cell] = name;
    tiers[2][row.cell] = head - name;
    tiers[1][row.cell] = n - head;
  }
  return { cells, tiers, span: rows[0]?.span ?? 0 };
}

/**
 * Walk in catalogue order and stop after `wanted` rows, or sort every candidate: whichever costs less. A walk passes
 * about wanted × span ÷ matches rows, each `rowCost` times a candidate's visit.
 */
const walks = (wanted: number, span: number, matches: number, candidates: number, rowCost = 1) =>
  wanted * span * rowCost <= candidates * matches;

/** Tier by tier, each in catalogue order, stopping once the page is full. */
async function rankedPage(
  db: Executor,
  words: readonly ExpandedWord[],
  request: PageRequest,
): Promise<SearchRow[]> {
  const { filter, scope, cursor, limit } = request;
  const restriction = searchRestriction(scope, filter);
  if (!restriction) return [];
  const counts = request.counts?.tiers ? request.counts : await countTiers(db, words, scope);
  const tiers = counts.tiers!;
  const q = tsquery(words);
  const rows: SearchRow[] = [];
  for (const tier of TIERS) {
    if (cursor && tier > cursor.tier!) continue;
    const matches = cellSum(tiers[tier], restriction.cells);
    if (matches === 0) continue;
    // The rows the tier's index condition finds, in every cell: this tier's and the better ones'.
    const candidates = TIERS.filter((t) => t >= tier).reduce(
      (sum, t) => sum + cellSum(tiers[t], undefined),
      0,
    );
    const wanted = limit - rows.length;
    const walk = !scope.only && walks(wanted, counts.span ?? 0, matches, candidates);
    const after = cursor && tier === cursor.tier ? sql`s.position > ${cursor.position}` : sql`TRUE`;
    const { rows: found } = await sql<SearchRow>`
      SELECT ${P_COLUMNS}, ${sql.lit(tier)} AS tier
      FROM (
        SELECT s.position FROM product_search AS s
        WHERE ${tierCondition(tier, q, walk)} AND ${restriction.where} AND ${after}
        ORDER BY ${walk ? sql`s.position` : sql`s.position + 0`} LIMIT ${wanted}
      ) AS m
      JOIN products AS p ON p.position = m.position
      ORDER BY m.position
    `.execute(db);
    rows.push(...found);
    if (rows.length >= limit) break;
  }
  return rows;
}

/** Measured at 100k: a row walked in a products sort index costs about twice a candidate visited in product_search. */
const SORT_WALK_ROW_COST = 2;

/** Walk the sort's index keeping matches, or sort every match. */
async function sortedPage(
  db: Executor,
  words: readonly ExpandedWord[],
  request: PageRequest & { sort: Exclude<Sort, 'relevant'> },
): Promise<SearchRow[]> {
  const { filter, scope, sort, cursor, limit, total, counts } = request;
  const restriction = searchRestriction(scope, filter);
  if (!restriction) return [];
  const [column, direction] = SORT_KEYS[sort];
  const q = tsquery(words);
  const candidates = counts?.tiers
    ? TIERS.reduce((sum, t) => sum + cellSum(counts.tiers![t], undefined), 0)
    : total;
  if (
    !scope.only &&
    counts?.span !== undefined &&
    walks(limit, counts.span, total, candidates, SORT_WALK_ROW_COST)
  ) {
    // The products index of the sort, from the cursor on; each row in the filter is looked up in product_search.
    const { rows } = await sql<SearchRow>`
      SELECT ${P_COLUMNS}, 0 AS tier
      FROM products AS p JOIN product_search AS s ON s.position = p.position
      WHERE ${productRestriction(scope, filter)} AND ${afterKeyset(sort, cursor)} AND ts_match_vq(s.search, ${q})
      ORDER BY ${sql.raw(`p.${column} ${direction}, p.position`)} LIMIT ${limit}
    `.execute(db);
    return rows;
  }
  // Few matches: all of them from the index, sorted by the keys product_search holds (+ 0: not by walking an index).
  const { rows } = await sql<SearchRow>`
    SELECT ${P_COLUMNS}, 0 AS tier
    FROM (
      SELECT s.position, s.${sql.raw(column)} FROM product_search AS s
      WHERE s.search @@ ${q} AND ${restriction.where} AND ${afterKeyset(sort, cursor, 's')}
      ORDER BY ${sql.raw(`s.${column} + 0 ${direction}, s.position + 0`)} LIMIT ${limit}
    ) AS m
    JOIN products AS p ON p.position = m.position
    ORDER BY ${sql.raw(`m.${column} ${direction}, m.position`)}
  `.execute(db);
  return rows;
}

export const postgresSql: QuerySql = {
  // These queries take a few milliseconds: a parallel worker's start-up, or compiling one (JIT, for a plan the
  // planner thinks costly), costs more than it saves, and on a busy machine much more.
  async beforeQuery(trx) {
    await sql`SELECT set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`.execute(
      trx,
    );
  },

  async afterWrite(trx, written) {
    if (written < BULK_WRITE) return;
    // Fresh statistics, and the GIN indexes' pending entries merged now rather than scanned by every query.
    await sql`ANALYZE products`.execute(trx);
    await sql`ANALYZE product_search`.execute(trx);
    for (const index of ['product_search_name', 'product_search_head', 'product_search_search']) {
      await sql`SELECT gin_clean_pending_list(${index}::regclass)`.execute(trx);
    }
  },

  async countCells(db, words, scope) {
    if (words.length === 0) return { cells: await countCellsPlain(db, scope) };
    return countTiers(db, words, scope);
  },

  async page(db, words, request) {
    if (words.length === 0) return pagePlain(db, request);
    const { sort } = request;
    if (sort === 'relevant') return rankedPage(db, words, request);
    return sortedPage(db, words, { ...request, sort });
  },
};
