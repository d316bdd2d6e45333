import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { CATEGORIES, SUB_CATEGORIES } from '../../../domain/store-rules.js';
import type { Dialect } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { cellCategory, cellOf, cellSubCategory, emptyCounts } from './cells.js';
import { PRODUCT_COLUMNS, SOLD_OUT_POSITIONS, SORT_KEYS, afterCursor, inFilter, inScope, type ProductRow } from './product-rows.js';
import type { MatchCounts, PageFilter, PageRequest, SearchScope, Sort } from './query.js';
import { typoSpellings, type SearchWord } from './search-text.js';

// The SQL behind GET /api/product/query. Plain Kysely where both databases agree; where they do not (each one's
// own full-text engine, and a plan SQLite's planner gets wrong), the dialect's code is here and nowhere else.
//
// Search matching: every word must match (AND); the last word also as a prefix; a word of five or more letters
// also matches the indexed words one edit away, found by looking its one-edit spellings up in `search_terms`, the
// index's own vocabulary (the same lookup on both databases, so both forgive the same typos).
//
// Search ranking: a stable tier per row rather than a corpus statistic such as bm25 (which moves whenever
// products are added, and would let a row jump across a page boundary while a shopper pages): 3 when every word
// matches in the name, 2 when every word matches in the name or the type, 1 otherwise (the description was
// needed). Ties go to the catalogue's own order (position), so (tier, position) is a total order a cursor resumes.

type Executor = Kysely<Database> | Transaction<Database>;

export interface ExpandedWord extends SearchWord {
  /** Indexed words one edit away from the word, and (the last word) indexed words it begins. */
  alternatives: string[];
  /** The word begins more indexed words than are listed: the engine's own prefix match covers it. */
  nativePrefix: boolean;
}

/** A result row: the product and, in relevant order, its tier. */
export type SearchRow = ProductRow & { tier: number };

export type Tier = 1 | 2 | 3;
const TIERS: readonly Tier[] = [3, 2, 1];

/** Past this many indexed words beginning the word typed, the engine's prefix operator is used instead. */
const PREFIX_TERMS_MAX = 64;
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

/**
 * Adds to each word the indexed words one edit away (for words of five letters or more, within the typo budget of
 * typoSpellings) and, for the word being typed, the indexed words it begins: both looked up in search_terms, the
 * same way on both databases.
 */
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
        if (!nativePrefix) alternatives.push(...begun.map((r) => r.term).filter((t) => !alternatives.includes(t)));
      }
      return { ...w, alternatives, nativePrefix };
    }),
  );
}

export interface QuerySql {
  /** First in a catalogue query's transaction. */
  beforeQuery(trx: Transaction<Database>): Promise<void>;
  /** Inside the writing transaction, once all products were written. */
  afterWrite(trx: Transaction<Database>, written: number): Promise<void>;
  /** Products per (category, type) cell among those in scope (and matching the words, if any). */
  countCells(db: Executor, words: readonly ExpandedWord[], scope: SearchScope): Promise<MatchCounts>;
  /**
   * Products in scope and filter matching the words: the total alone, cheaper than counting every cell. Absent where
   * page() plans a search with countCells' answer, which is then counted (and cached) even without facets.
   */
  countMatches?(db: Executor, words: readonly ExpandedWord[], scope: SearchScope, filter: PageFilter): Promise<number>;
  /** One page of the products in scope and filter (and matching the words, if any), in the request's order. */
  page(db: Executor, words: readonly ExpandedWord[], request: PageRequest): Promise<SearchRow[]>;
}

export function querySqlFor(dialect: Dialect): QuerySql {
  return dialect === 'sqlite' ? sqliteSql : postgresSql;
}

// ---- Both databases: without search text ----

async function countCellsPlain(db: Executor, scope: SearchScope): Promise<number[]> {
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

function plainPageQuery(db: Executor, { scope, sort, cursor, limit }: PageRequest) {
  const query = db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .select(sql<number>`0`.as('tier'))
    .where((eb) => inScope(eb, scope, { forPage: true }))
    .limit(limit);
  if (sort === 'relevant') {
    return { query: cursor ? query.where('products.position', '>', cursor.position) : query, order: undefined };
  }
  return { query: cursor ? query.where((eb) => afterCursor(eb, sort, cursor)) : query, order: SORT_KEYS[sort] };
}

/** Without search text, the same query on both; SQLite adds a hint when many products match (see sqliteSql). */
async function pagePlain(db: Executor, request: PageRequest): Promise<SearchRow[]> {
  const { query, order } = plainPageQuery(db, request);
  const filtered = query.where((eb) => inFilter(eb, request.filter));
  if (!order) return filtered.orderBy('products.position').execute();
  return filtered.orderBy(`products.${order[0]}`, order[1]).orderBy('products.position').execute();
}

/** A write this large also compacts the search index and refreshes the planner's statistics. */
const BULK_WRITE = 1000;

// ---- SQLite: FTS5 ----
//
// product_search (migration 002) is a contentless FTS5 table over name, sub_category and description, tokenized
// unicode61 with diacritics removed, kept by triggers on products. Its rowid is position × 16 + cell, so the
// index returns matches in the catalogue's order and knows each match's (category, type) cell: filters, the
// relevant order and the facet counts run inside FTS5 without visiting products.

const quote = (term: string) => `"${term}"`; // words hold only letters and digits

function ftsWord(word: ExpandedWord, columns: string): string {
  const terms = [word.text, ...word.alternatives].map(quote);
  if (word.nativePrefix) terms.push(`${quote(word.text)}*`);
  return `${columns}(${terms.join(' OR ')})`;
}

/** Every word matches, within the given columns (FTS5 column filter) or anywhere. */
function ftsAll(words: readonly ExpandedWord[], columns = ''): string {
  return words.map((w) => ftsWord(w, columns)).join(' AND ');
}

const NAME = '{name}: ';
const NAME_OR_TYPE = '{name sub_category}: ';

function ftsTier(words: readonly ExpandedWord[], tier: Tier): string {
  if (tier === 3) return ftsAll(words, NAME);
  if (tier === 2) return `(${ftsAll(words, NAME_OR_TYPE)}) NOT (${ftsAll(words, NAME)})`;
  return `(${ftsAll(words)}) NOT (${ftsAll(words, NAME_OR_TYPE)})`;
}

const rowidOf = (key: { position: number; cell: number }) => key.position * 16 + key.cell;

/**
 * The cells the scope and the filter's ticks leave: undefined when that is every cell (no condition needed, so a
 * pair outside the lists is not excluded either), [] when nothing can match.
 */
function cellsLeft(scope: SearchScope, filter?: PageFilter): number[] | undefined {
  let cells = CATEGORIES.flatMap((c) => SUB_CATEGORIES.map((s) => cellOf(c, s)!));
  if (filter) cells = cells.filter((cell) => filter.categories.some((c) => filter.subCategories.some((s) => cellOf(c, s) === cell)));
  if (scope.cell !== undefined) cells = cells.filter((cell) => cell === scope.cell);
  if (scope.only?.length === 0) return [];
  return cells.length < CATEGORIES.length * SUB_CATEGORIES.length ? cells : undefined;
}

/** Conditions on the FTS rowid (alias f) for the scope and the filter's cells; undefined when nothing can match. */
function ftsRestriction(scope: SearchScope, filter?: PageFilter): RawBuilder<unknown> | undefined {
  const cells = cellsLeft(scope, filter);
  if (cells?.length === 0) return undefined;
  const parts: RawBuilder<unknown>[] = [];
  if (cells) parts.push(sql`(f.rowid & 15) IN (${sql.join(cells)})`);
  // Unary +: given MATCH and `rowid = ?` (what a single id becomes), FTS5 (SQLite 3.53) ignores the rowid and answers
  // every match. Kept out of the index, the rowids are checked against the matches instead.
  if (scope.only) parts.push(sql`+f.rowid IN (${sql.join(scope.only.map(rowidOf))})`);
  if (scope.except) parts.push(sql`f.rowid != ${rowidOf(scope.except)}`);
  if (scope.inStock) parts.push(sql`(f.rowid >> 4) NOT IN (${SOLD_OUT_POSITIONS})`);
  return parts.length === 0 ? sql`1 = 1` : sql.join(parts, sql` AND `);
}

const P_COLUMNS = sql.raw(PRODUCT_COLUMNS.map((c) => c.replace('products.', 'p.')).join(', '));

/** Rows (alias p, or another holding the sort keys) after the cursor in a price or date order, as afterCursor writes it. */
function afterKeyset(sort: Exclude<Sort, 'relevant'>, cursor: PageRequest['cursor'], alias = 'p'): RawBuilder<unknown> {
  if (!cursor) return sql`1 = 1`;
  const [column, direction] = SORT_KEYS[sort];
  const key = sql.ref(`${alias}.${column}`);
  const position = sql.ref(`${alias}.position`);
  return direction === 'asc'
    ? sql`${key} >= ${cursor.key} AND (${key} > ${cursor.key} OR ${position} > ${cursor.position})`
    : sql`${key} <= ${cursor.key} AND (${key} < ${cursor.key} OR ${position} > ${cursor.position})`;
}

/** At most this many matches are sorted whole by price or date; more, and the sort's index is walked instead. */
const SORT_MATCHES_MAX = 1000;

const SORT_INDEX = { price_asc: 'products_price_asc', price_desc: 'products_price_desc', newest: 'products_newest' } as const;

const sqliteSql: QuerySql = {
  beforeQuery: () => Promise.resolve(),

  async afterWrite(trx, written) {
    // The vocabulary is rebuilt from FTS5's own (fts5vocab), so it holds exactly the indexed words.
    await sql`DELETE FROM search_terms`.execute(trx);
    await sql`INSERT INTO search_terms (term) SELECT term FROM product_search_vocab`.execute(trx);
    if (written >= BULK_WRITE) await sql`INSERT INTO product_search (product_search) VALUES ('optimize')`.execute(trx);
    await sql`PRAGMA optimize`.execute(trx);
  },

  async countCells(db, words, scope) {
    if (words.length === 0) return { cells: await countCellsPlain(db, scope) };
    const counts = emptyCounts();
    const restriction = ftsRestriction(scope);
    if (!restriction) return { cells: counts };
    const { rows } = await sql<{ cell: number; n: number }>`
      SELECT f.rowid & 15 AS cell, count(*) AS n FROM product_search AS f
      WHERE f.product_search MATCH ${ftsAll(words)} AND ${restriction}
      GROUP BY 1
    `.execute(db);
    for (const { cell, n } of rows) if (cell < counts.length) counts[cell] = n;
    return { cells: counts };
  },

  async countMatches(db, words, scope, filter) {
    const restriction = ftsRestriction(scope, filter);
    if (!restriction) return 0;
    const { rows } = await sql<{ n: number }>`
      SELECT count(*) AS n FROM product_search AS f WHERE f.product_search MATCH ${ftsAll(words)} AND ${restriction}
    `.execute(db);
    return rows[0]!.n;
  },

  async page(db, words, request) {
    const { filter, scope, sort, cursor, limit, total } = request;
    if (words.length === 0) {
      if (sort === 'relevant' || total <= SORT_MATCHES_MAX) return pagePlain(db, request);
      // SQLite's planner takes the (category, type) index for a filter and sorts every row it finds, even for
      // half the catalogue; with many matches, walking the sort's index (category and type ride along in it) and
      // stopping after `limit` rows is far cheaper. Unary + keeps the filter's columns off any index.
      const { query, order } = plainPageQuery(db, request);
      const hinted = query.where(
        sql<boolean>`+products.category IN (${sql.join([...filter.categories])}) AND +products.sub_category IN (${sql.join([...filter.subCategories])})`,
      );
      return hinted.orderBy(`products.${order![0]}`, order![1]).orderBy('products.position').execute();
    }
    const restriction = ftsRestriction(scope, filter);
    if (!restriction) return [];

    if (sort === 'relevant') {
      // Tier by tier, each streamed by FTS5 in rowid (= position) order: no sort, however many match.
      const rows: SearchRow[] = [];
      for (const tier of TIERS) {
        if (cursor && tier > cursor.tier!) continue;
        const after = cursor && tier === cursor.tier ? cursor.position * 16 + 15 : -1;
        const { rows: found } = await sql<SearchRow>`
          SELECT ${P_COLUMNS}, ${tier} AS tier
          FROM product_search AS f JOIN products AS p ON p.position = f.rowid >> 4
          WHERE f.product_search MATCH ${ftsTier(words, tier)} AND f.rowid > ${after} AND ${restriction}
          ORDER BY f.rowid LIMIT ${limit - rows.length}
        `.execute(db);
        rows.push(...found);
        if (rows.length >= limit) break;
      }
      return rows;
    }

    const [column, direction] = SORT_KEYS[sort];
    const order = sql.raw(`p.${column} ${direction}, p.position`);
    const keyset = afterKeyset(sort, cursor);
    if (total <= SORT_MATCHES_MAX) {
      // Few matches: take them all from the index and sort them.
      const { rows } = await sql<SearchRow>`
        SELECT ${P_COLUMNS}, 0 AS tier
        FROM product_search AS f JOIN products AS p ON p.position = f.rowid >> 4
        WHERE f.product_search MATCH ${ftsAll(words)} AND ${restriction} AND ${keyset}
        ORDER BY ${order} LIMIT ${limit}
      `.execute(db);
      return rows;
    }
    // Many matches: walk the sort's index from the cursor and keep the rows among the matches, which SQLite
    // gathers once into a lookup set. The expected walk is about limit × catalogue ÷ matches rows.
    const { rows } = await sql<SearchRow>`
      SELECT ${P_COLUMNS}, 0 AS tier
      FROM products AS p INDEXED BY ${sql.raw(SORT_INDEX[sort])}
      WHERE ${keyset}
        AND p.position IN (
          SELECT f.rowid >> 4 FROM product_search AS f WHERE f.product_search MATCH ${ftsAll(words)} AND ${restriction}
        )
      ORDER BY ${order} LIMIT ${limit}
    `.execute(db);
    return rows;
  },
};

// ---- PostgreSQL: tsvector + GIN on a narrow table ----
//
// product_search (migration 003) holds per product its position, its cell and three tsvectors through the
// store_search configuration (simple + unaccent), each with a GIN index, kept by statement triggers on products:
// name; head (name and type); search (name, type and description). A match is `search @@ q`; tier 3 is
// `name @@ q`, and tier 2 or better `head @@ q`: the same rows as weight-restricted queries (q:A, q:AB) over one
// weighted vector, but each a plain index probe whose size the planner's statistics know, over rows a fifth the
// width of a product's. Counting reads only those rows: per cell and tier, so the ranked pages that follow can
// pick their plan from exact sizes (a wrong guess would walk the whole catalogue, or rank every match).

const CONFIG = sql.lit('store_search');

function tsWord(word: ExpandedWord): string {
  const terms = [word.text, ...word.alternatives];
  if (word.nativePrefix) terms.push(`${word.text}:*`);
  return `(${terms.join(' | ')})`;
}

const tsquery = (words: readonly ExpandedWord[]) => sql`to_tsquery(${CONFIG}, ${words.map(tsWord).join(' & ')})`;

/** Cells 0–15 (15: a pair outside the lists), as product_search numbers them. */
const ALL_CELLS = 16;
const cellSum = (counts: readonly number[], cells: readonly number[] | undefined) =>
  (cells ?? counts.map((_, cell) => cell)).reduce((sum, cell) => sum + (counts[cell] ?? 0), 0);

/** Conditions on product_search (alias s) for the scope and the filter's cells; undefined when nothing can match. */
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

/** The same conditions on products (alias p), for plans that walk a products index. */
function productRestriction(scope: SearchScope, filter: PageFilter): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  if (filter.categories.length < CATEGORIES.length) parts.push(sql`p.category IN (${sql.join([...filter.categories])})`);
  if (filter.subCategories.length < SUB_CATEGORIES.length) parts.push(sql`p.sub_category IN (${sql.join([...filter.subCategories])})`);
  if (scope.only) parts.push(sql`p.position IN (${sql.join(scope.only.map((k) => k.position))})`);
  if (scope.cell !== undefined) {
    parts.push(sql`p.category = ${cellCategory(scope.cell)} AND p.sub_category = ${cellSubCategory(scope.cell)}`);
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
  const match = (column: string) => (walk ? sql`ts_match_vq(s.${sql.raw(column)}, ${q})` : sql`s.${sql.raw(column)} @@ ${q}`);
  return better ? sql`${match(vector)} AND NOT ${match(better)}` : match(vector);
}

async function countTiers(db: Executor, words: readonly ExpandedWord[], scope: SearchScope): Promise<MatchCounts> {
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
  const { rows } = await sql<{ cell: number; n: number | string; head: number | string; name: number | string; span: number | null }>`
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
 * Walk in catalogue order (or the sort's index) and stop after `wanted` rows, or take every candidate the index
 * finds and sort them: whichever costs less. A walk passes about wanted × span ÷ matches rows, each `rowCost`
 * times a candidate's visit (a walk in a products index also looks each row up in product_search).
 */
const walks = (wanted: number, span: number, matches: number, candidates: number, rowCost = 1) =>
  wanted * span * rowCost <= candidates * matches;

/** Relevant order with search text: tier by tier, each in catalogue order, stopping once the page is full. */
async function rankedPage(db: Executor, words: readonly ExpandedWord[], request: PageRequest): Promise<SearchRow[]> {
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
    const candidates = TIERS.filter((t) => t >= tier).reduce((sum, t) => sum + cellSum(tiers[t], undefined), 0);
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

/** Price or date order with search text: walk the sort's index keeping matches, or sort every match. */
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
  const candidates = counts?.tiers ? TIERS.reduce((sum, t) => sum + cellSum(counts.tiers![t], undefined), 0) : total;
  if (!scope.only && counts?.span !== undefined && walks(limit, counts.span, total, candidates, SORT_WALK_ROW_COST)) {
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

const postgresSql: QuerySql = {
  // These queries take a few milliseconds: a parallel worker's start-up, or compiling one (JIT, for a plan the
  // planner thinks costly), costs more than it saves, and on a busy machine much more.
  async beforeQuery(trx) {
    await sql`SELECT set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`.execute(trx);
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
