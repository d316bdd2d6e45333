import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen once landed: a schema change is a new numbered migration.
//
// PostgreSQL's search moves out of the wide products row into product_search, one narrow row per product: its
// position, its (category, type) cell, its price and date (the sort keys) and three tsvectors, one per relevance tier (name; name and type; name, type
// and description), each with a GIN index. Matching, counting and ranking then read small rows that stay in shared
// buffers, a tier is a plain GIN probe, and the matches per cell and tier are counted without touching products.
// Statement triggers on products keep it, and the vocabulary (search_terms), in step in the writing transaction.
// SQLite keeps its FTS5 table (migration 002): nothing changes there. Queries: api/src/catalog/query-sql-postgres.ts.

// The (category, type) cells, numbered as api/src/catalog/cells.ts does; 15 for a pair outside the lists.
// Written out here rather than imported: this migration must not change when the store's lists do.
const CATEGORIES = ['Men', 'Women'];
const SUB_CATEGORIES = ['Sports Shoes', 'Sneakers', 'Leather Shoes', 'Slippers', 'Sandals'];

function cellOf(row: string): string {
  const cases = CATEGORIES.flatMap((category, c) =>
    SUB_CATEGORIES.map(
      (type, s) =>
        `WHEN ${row}.category = '${category}' AND ${row}.sub_category = '${type}' THEN ${c * SUB_CATEGORIES.length + s}`,
    ),
  );
  return `(CASE ${cases.join(' ')} ELSE 15 END)`;
}

/**
 * The product_search rows of the products in `source` (alias p), and their words added to the vocabulary. The
 * vectors are those of migration 002's products.search without its weights: name || type || description through
 * store_search, so matching is unchanged, and a tier is a match in a shorter vector instead of a weighted one.
 */
function insertRows(source: string, where = 'TRUE'): string {
  return `
    WITH added AS (
      INSERT INTO product_search (position, cell, price, date, name, head, search)
      SELECT p.position, ${cellOf('p')}, p.price, p.date, v.name, v.head, v.head || to_tsvector('store_search', p.description)
      FROM ${source} AS p
      CROSS JOIN LATERAL (SELECT to_tsvector('store_search', p.name) AS name) AS n
      CROSS JOIN LATERAL (SELECT n.name, n.name || to_tsvector('store_search', p.sub_category) AS head) AS v
      WHERE ${where}
      ORDER BY p.position
      RETURNING search
    )
    INSERT INTO search_terms (term)
    SELECT DISTINCT unnest(tsvector_to_array(search)) FROM added
    ON CONFLICT DO NOTHING`;
}

/** SQL: rows n and o (the update's new and old tables) are the same product in the same place with the same words. */
function unchanged(n: string, o: string): string {
  return ['id', 'position', 'name', 'category', 'sub_category', 'description', 'price', 'date']
    .map((c) => `${n}.${c} = ${o}.${c}`)
    .join(' AND ');
}

export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  if (dialect !== 'postgres') return;
  await sql`
    CREATE TABLE product_search (
      position integer PRIMARY KEY,
      cell smallint NOT NULL,
      price double precision NOT NULL,
      date bigint NOT NULL,
      name tsvector NOT NULL,
      head tsvector NOT NULL,
      search tsvector NOT NULL
    )
  `.execute(db);
  await sql.raw(insertRows('products')).execute(db);
  for (const column of ['name', 'head', 'search']) {
    await sql
      .raw(`CREATE INDEX product_search_${column} ON product_search USING gin (${column})`)
      .execute(db);
  }

  // Statement triggers: one set-based statement per written chunk, not a function call per row. A replaced product
  // whose row here would not change (its sizes, images or bestseller flag changed) keeps it.
  await sql
    .raw(
      `CREATE FUNCTION product_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         ${insertRows('inserted_products')};
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION product_search_updated() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM product_search WHERE position = ANY (ARRAY(
           SELECT o.position FROM old_products AS o WHERE NOT EXISTS (SELECT 1 FROM new_products AS n WHERE ${unchanged('n', 'o')})
         ));
         ${insertRows('new_products', `NOT EXISTS (SELECT 1 FROM old_products AS o WHERE ${unchanged('p', 'o')})`)};
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION product_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         DELETE FROM product_search WHERE position = ANY (ARRAY(SELECT o.position FROM deleted_products AS o));
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION product_search_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         TRUNCATE product_search;
         RETURN NULL;
       END $$`,
    )
    .execute(db);
  await sql`
    CREATE TRIGGER product_search_insert AFTER INSERT ON products
    REFERENCING NEW TABLE AS inserted_products FOR EACH STATEMENT EXECUTE FUNCTION product_search_inserted()
  `.execute(db);
  await sql`
    CREATE TRIGGER product_search_update AFTER UPDATE ON products
    REFERENCING OLD TABLE AS old_products NEW TABLE AS new_products FOR EACH STATEMENT EXECUTE FUNCTION product_search_updated()
  `.execute(db);
  await sql`
    CREATE TRIGGER product_search_delete AFTER DELETE ON products
    REFERENCING OLD TABLE AS deleted_products FOR EACH STATEMENT EXECUTE FUNCTION product_search_deleted()
  `.execute(db);
  await sql`
    CREATE TRIGGER product_search_truncate AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION product_search_truncated()
  `.execute(db);

  // The wide row's own vector and its index go: products rows shrink by about half, and writes index once.
  await sql`ALTER TABLE products DROP COLUMN search`.execute(db);
  await sql`ANALYZE product_search`.execute(db);
}
