import { sql, type RawBuilder } from 'kysely';
import { emptyCounts } from './cells.js';
import { SOLD_OUT_POSITIONS, SORT_KEYS } from './product-rows.js';
import type { PageFilter, SearchScope } from './query.js';
import {
  BULK_WRITE,
  P_COLUMNS,
  TIERS,
  afterKeyset,
  cellsLeft,
  countCellsPlain,
  pagePlain,
  plainPageQuery,
  type ExpandedWord,
  type QuerySql,
  type SearchRow,
  type Tier,
} from './query-sql-shared.js';

// The catalogue query on SQLite: a contentless FTS5 table whose rowid is position × 16 + cell, so matches come in
// catalogue order with their cell, and filters, ranking and facets run inside FTS5 (docs/decisions/010).

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

/** At most this many matches are sorted whole by price or date; more, and the sort's index is walked instead. */
const SORT_MATCHES_MAX = 1000;

const SORT_INDEX = {
  price_asc: 'products_price_asc',
  price_desc: 'products_price_desc',
  newest: 'products_newest',
} as const;

export const sqliteSql: QuerySql = {
  beforeQuery: () => Promise.resolve(),

  async afterWrite(trx, written) {
    // The vocabulary is rebuilt from FTS5's own (fts5vocab), so it holds exactly the indexed words.
    await sql`DELETE FROM search_terms`.execute(trx);
    await sql`INSERT INTO search_terms (term) SELECT term FROM product_search_vocab`.execute(trx);
    if (written >= BULK_WRITE)
      await sql`INSERT INTO product_search (product_search) VALUES ('optimize')`.execute(trx);
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
