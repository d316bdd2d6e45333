import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { CATEGORIES, SUB_CATEGORIES } from '../../../domain/store-rules.js';
import type { Dialect } from '../db/database.js';
import type { Database, ProductTable } from '../db/schema.js';
import { cellOf, emptyCounts } from './cells.js';
import { PRODUCT_COLUMNS, SORT_KEYS, afterCursor, inFilter, inScope } from './product-rows.js';
import type { PageFilter, PageRequest, SearchScope } from './query.js';
import { oneEditVariants, type SearchWord } from './search-text.js';

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
export type SearchRow = ProductTable & { tier: number };

export type Tier = 1 | 2 | 3;
const TIERS: readonly Tier[] = [3, 2, 1];

/** Past this many indexed words beginning the word typed, the engine's prefix operator is used instead. */
const PREFIX_TERMS_MAX = 64;
const LAST_CODE_POINT = String.fromCodePoint(0x10ffff);

/**
 * Adds to each word the indexed words one edit away (for words of five letters or more) and, for the word being
 * typed, the indexed words it begins: both looked up in search_terms, the same way on both databases.
 */
export async function expandWords(db: Executor, words: readonly SearchWord[]): Promise<ExpandedWord[]> {
  const variants = new Map(words.map((w) => [w.text, oneEditVariants(w.text)]));
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
  /** Inside the writing transaction, after each chunk of products was inserted or replaced. */
  afterChunk(trx: Transaction<Database>, ids: readonly string[]): Promise<void>;
  /** Inside the writing transaction, once all products were written. */
  afterWrite(trx: Transaction<Database>, written: number): Promise<void>;
  /** Products per (category, type) cell among those in scope (and matching the words, if any). */
  countCells(db: Executor, words: readonly ExpandedWord[], scope: SearchScope): Promise<number[]>;
  /** Products in scope and filter matching the words: the total alone, cheaper than counting every cell. */
  countMatches(db: Executor, words: readonly ExpandedWord[], scope: SearchScope, filter: PageFilter): Promise<number>;
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
    .where((eb) => inScope(eb, scope))
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

/** Conditions on the FTS rowid (alias f) for the scope and the filter's cells; undefined when nothing can match. */
function ftsRestriction(scope: SearchScope, filter?: PageRequest['filter']): RawBuilder<unknown> | undefined {
  let cells = CATEGORIES.flatMap((c) => SUB_CATEGORIES.map((s) => cellOf(c, s)!));
  if (filter) cells = cells.filter((cell) => filter.categories.some((c) => filter.subCategories.some((s) => cellOf(c, s) === cell)));
  if (scope.cell !== undefined) cells = cells.filter((cell) => cell === scope.cell);
  if (cells.length === 0 || scope.only?.length === 0) return undefined;
  const parts: RawBuilder<unknown>[] = [];
  if (cells.length < CATEGORIES.length * SUB_CATEGORIES.length) parts.push(sql`(f.rowid & 15) IN (${sql.join(cells)})`);
  if (scope.only) parts.push(sql`f.rowid IN (${sql.join(scope.only.map(rowidOf))})`);
  if (scope.except) parts.push(sql`f.rowid != ${rowidOf(scope.except)}`);
  return parts.length === 0 ? sql`1 = 1` : sql.join(parts, sql` AND `);
}

const P_COLUMNS = sql.raw(PRODUCT_COLUMNS.map((c) => c.replace('products.', 'p.')).join(', '));

/** At most this many matches are sorted whole by price or date; more, and the sort's index is walked instead. */
const SORT_MATCHES_MAX = 1000;

const SORT_INDEX = { price_asc: 'products_price_asc', price_desc: 'products_price_desc', newest: 'products_newest' } as const;

const sqliteSql: QuerySql = {
  afterChunk: () => Promise.resolve(),

  async afterWrite(trx, written) {
    // The vocabulary is rebuilt from FTS5's own (fts5vocab), so it holds exactly the indexed words.
    await sql`DELETE FROM search_terms`.execute(trx);
    await sql`INSERT INTO search_terms (term) SELECT term FROM product_search_vocab`.execute(trx);
    if (written >= BULK_WRITE) await sql`INSERT INTO product_search (product_search) VALUES ('optimize')`.execute(trx);
    await sql`PRAGMA optimize`.execute(trx);
  },

  async countCells(db, words, scope) {
    if (words.length === 0) return countCellsPlain(db, scope);
    const counts = emptyCounts();
    const restriction = ftsRestriction(scope);
    if (!restriction) return counts;
    const { rows } = await sql<{ cell: number; n: number }>`
      SELECT f.rowid & 15 AS cell, count(*) AS n FROM product_search AS f
      WHERE f.product_search MATCH ${ftsAll(words)} AND ${restriction}
      GROUP BY 1
    `.execute(db);
    for (const { cell, n } of rows) if (cell < counts.length) counts[cell] = n;
    return counts;
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
    const keyset = cursor
      ? direction === 'asc'
        ? sql`p.${sql.raw(column)} >= ${cursor.key} AND (p.${sql.raw(column)} > ${cursor.key} OR p.position > ${cursor.position})`
        : sql`p.${sql.raw(column)} <= ${cursor.key} AND (p.${sql.raw(column)} < ${cursor.key} OR p.position > ${cursor.position})`
      : sql`1 = 1`;
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

// ---- PostgreSQL: tsvector + GIN ----
//
// products.search (migration 002) is a generated tsvector: name weighted A, type B, description C, through the
// store_search configuration (simple + unaccent), with a GIN index. A tier is a weight-restricted tsquery.

const CONFIG = sql.lit('store_search');

function tsWord(word: ExpandedWord, weights: string): string {
  const terms = [word.text, ...word.alternatives].map((t) => (weights ? `${t}:${weights}` : t));
  if (word.nativePrefix) terms.push(`${word.text}:*${weights}`);
  return `(${terms.join(' | ')})`;
}

function tsAll(words: readonly ExpandedWord[], weights = ''): string {
  return words.map((w) => tsWord(w, weights)).join(' & ');
}

const matches = (query: string) => sql<boolean>`products.search @@ to_tsquery(${CONFIG}, ${query})`;

const postgresSql: QuerySql = {
  async afterChunk(trx, ids) {
    // The vocabulary only grows here: a word no product uses any more expands a typo to nothing, harmlessly.
    await sql`
      INSERT INTO search_terms (term)
      SELECT DISTINCT unnest(tsvector_to_array(search)) FROM products WHERE id IN (${sql.join([...ids])})
      ON CONFLICT DO NOTHING
    `.execute(trx);
  },

  async afterWrite(trx, written) {
    if (written >= BULK_WRITE) await sql`ANALYZE products`.execute(trx);
  },

  async countCells(db, words, scope) {
    if (words.length === 0) return countCellsPlain(db, scope);
    const rows = await db
      .selectFrom('products')
      .select((eb) => ['products.category', 'products.sub_category', eb.fn.countAll<number | string>().as('n')])
      .where(matches(tsAll(words)))
      .where((eb) => inScope(eb, scope))
      .groupBy(['products.category', 'products.sub_category'])
      .execute();
    const counts = emptyCounts();
    for (const row of rows) {
      const cell = cellOf(row.category, row.sub_category);
      if (cell !== undefined) counts[cell] = Number(row.n);
    }
    return counts;
  },

  async countMatches(db, words, scope, filter) {
    const { n } = await db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(matches(tsAll(words)))
      .where((eb) => eb.and([inScope(eb, scope), inFilter(eb, filter)]))
      .executeTakeFirstOrThrow();
    return Number(n);
  },

  async page(db, words, request) {
    if (words.length === 0) return pagePlain(db, request);
    const { filter, scope, sort, cursor, limit } = request;
    const base = db
      .selectFrom('products')
      .select(PRODUCT_COLUMNS)
      .where((eb) => eb.and([inScope(eb, scope), inFilter(eb, filter)]));
    if (sort === 'relevant') {
      // One query: the tier of every match in the filter, then the top of (tier desc, position). Per-tier queries
      // would leave PostgreSQL to guess how many rows match a weight-restricted tsquery, and a wrong guess walks
      // the position index through the whole catalogue.
      const tier = sql<number>`CASE WHEN ${matches(tsAll(words, 'A'))} THEN 3 WHEN ${matches(tsAll(words, 'AB'))} THEN 2 ELSE 1 END`;
      const ranked = base.select(tier.as('tier')).where(matches(tsAll(words))).as('ranked');
      let query = db.selectFrom(ranked).selectAll();
      if (cursor) {
        const after = cursor.tier!;
        query = query.where((eb) =>
          eb.or([eb('ranked.tier', '<', after), eb.and([eb('ranked.tier', '=', after), eb('ranked.position', '>', cursor.position)])]),
        );
      }
      return query.orderBy('ranked.tier', 'desc').orderBy('ranked.position').limit(limit).execute();
    }
    const [column, direction] = SORT_KEYS[sort];
    const rows = await (cursor ? base.where((eb) => afterCursor(eb, sort, cursor)) : base)
      .select(sql<number>`0`.as('tier'))
      .where(matches(tsAll(words)))
      .orderBy(`products.${column}`, direction)
      .orderBy('products.position')
      .limit(limit)
      .execute();
    return rows;
  },
};
