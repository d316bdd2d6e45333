import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen once landed: a schema change is a new numbered migration.
//
// The catalogue query (GET /api/product/query): unique positions, indexes for each sort with the filter columns
// covered, a one-row catalogue version, each database's own full-text index kept in step with every product write,
// and the vocabulary that typo-tolerant search looks words up in. See api/src/catalog/full-text.ts for the queries.

// The (category, type) cells, in the order the SQLite search index numbers them (api/src/catalog/cells.ts).
// Written out here rather than imported: this migration must not change when the store's lists do.
const CATEGORIES = ['Men', 'Women'];
const SUB_CATEGORIES = ['Sports Shoes', 'Sneakers', 'Leather Shoes', 'Slippers', 'Sandals'];

/** SQL for the cell number (0–9) of a products row, 15 for a pair outside the lists. */
function cellOf(row: string): string {
  const cases = CATEGORIES.flatMap((category, c) =>
    SUB_CATEGORIES.map(
      (type, s) =>
        `WHEN ${row}.category = '${category}' AND ${row}.sub_category = '${type}' THEN ${c * SUB_CATEGORIES.length + s}`,
    ),
  );
  return `(CASE ${cases.join(' ')} ELSE 15 END)`;
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  // Positions become unique (the keyset tie-breaker and the search index's key); renumbering keeps the order.
  await sql`
    UPDATE products SET position = ranked.n
    FROM (SELECT id, row_number() OVER (ORDER BY position, id) AS n FROM products) AS ranked
    WHERE products.id = ranked.id
  `.execute(db);
  await db.schema.createIndex('products_position').on('products').column('position').unique().execute();
  // One index per sort; category and type ride along so a filtered scan never visits the table to reject a row.
  await db.schema
    .createIndex('products_cell_position')
    .on('products')
    .columns(['category', 'sub_category', 'position'])
    .execute();
  await db.schema
    .createIndex('products_price_asc')
    .on('products')
    .columns(['price', 'position', 'category', 'sub_category'])
    .execute();
  await db.schema
    .createIndex('products_price_desc')
    .on('products')
    .columns(['price desc', 'position', 'category', 'sub_category'])
    .execute();
  await db.schema
    .createIndex('products_newest')
    .on('products')
    .columns(['date desc', 'position', 'category', 'sub_category'])
    .execute();

  // Bumped in the same transaction as every product write; readers key caches on it.
  await db.schema
    .createTable('catalog_state')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('revision', 'bigint', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO catalog_state (id, revision, token) VALUES (1, 1, ${randomBytes(4).toString('hex')})`.execute(
    db,
  );

  // Every word the search index holds: a misspelt query word expands to the indexed words one edit away, and the
  // word being typed to the indexed words it begins. Byte order (C collation) so a prefix is one key range.
  await db.schema
    .createTable('search_terms')
    .addColumn('term', 'text', (c) =>
      dialect === 'postgres' ? c.modifyFront(sql`COLLATE "C"`).primaryKey() : c.primaryKey(),
    )
    .execute();

  if (dialect === 'sqlite') await sqliteSearch(db);
  else await postgresSearch(db);
}

// FTS5, contentless (the text lives in products), one column per ranking tier. Its rowid is position × 16 + cell:
// ordered like position, and the low four bits let filters and facet counts run inside the index.
async function sqliteSearch(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE VIRTUAL TABLE product_search USING fts5(
      name, sub_category, description,
      content = '', contentless_delete = 1,
      tokenize = 'unicode61 remove_diacritics 2'
    )
  `.execute(db);
  await sql`CREATE VIRTUAL TABLE product_search_vocab USING fts5vocab(product_search, row)`.execute(db);
  const insertNew = `INSERT INTO product_search (rowid, name, sub_category, description)
      VALUES (new.position * 16 + ${cellOf('new')}, new.name, new.sub_category, new.description);`;
  const deleteOld = `DELETE FROM product_search WHERE rowid = old.position * 16 + ${cellOf('old')};`;
  await sql
    .raw(`CREATE TRIGGER products_search_insert AFTER INSERT ON products BEGIN ${insertNew} END`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER products_search_update AFTER UPDATE OF name, sub_category, description, category, position ON products
       BEGIN ${deleteOld} ${insertNew} END`,
    )
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER products_search_delete AFTER DELETE ON products BEGIN ${deleteOld} END`)
    .execute(db);
  await sql
    .raw(
      `INSERT INTO product_search (rowid, name, sub_category, description)
       SELECT position * 16 + ${cellOf('products')}, name, sub_category, description FROM products`,
    )
    .execute(db);
  await sql`INSERT INTO search_terms (term) SELECT term FROM product_search_vocab`.execute(db);
}

// A generated tsvector (name A, type B, description C) through an accent-free configuration, with a GIN index.
// unaccent is a contrib extension: a shop's own PostgreSQL needs the contrib package (postgresql-contrib).
async function postgresSearch(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS unaccent`.execute(db);
  await sql`CREATE TEXT SEARCH CONFIGURATION store_search (COPY = pg_catalog.simple)`.execute(db);
  await sql`
    ALTER TEXT SEARCH CONFIGURATION store_search
      ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple
  `.execute(db);
  await sql`
    ALTER TABLE products ADD COLUMN search tsvector GENERATED ALWAYS AS (
      setweight(to_tsvector('store_search', name), 'A') ||
      setweight(to_tsvector('store_search', sub_category), 'B') ||
      setweight(to_tsvector('store_search', description), 'C')
    ) STORED
  `.execute(db);
  await sql`CREATE INDEX products_search ON products USING gin (search)`.execute(db);
  await sql`
    INSERT INTO search_terms (term)
    SELECT DISTINCT unnest(tsvector_to_array(search)) FROM products
    ON CONFLICT DO NOTHING
  `.execute(db);
}
