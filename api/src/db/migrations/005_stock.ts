import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen once landed: a schema change is a new numbered migration.
//
// Stock per product and size (docs/decisions/020-stock-per-size.md). A size without a row is not tracked and
// always sells, so every catalogue from before stays sellable. The products row keeps what shoppers see of it
// (the sizes with few pairs left, and whether every size is sold out), written in the same transaction as the
// counts, so the catalogue's reads need no join.
export async function up(db: Kysely<unknown>, _dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('product_stock')
    .addColumn('product_id', 'text', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('product_stock_pk', ['product_id', 'size'])
    .addCheckConstraint('product_stock_quantity_check', sql`quantity >= 0`)
    .execute();
  // The back office's "what is running out" list, lowest first.
  await db.schema
    .createIndex('product_stock_quantity')
    .on('product_stock')
    .columns(['quantity', 'product_id'])
    .execute();

  /** JSON object { size: pairs left } of the sizes at or below the low-stock threshold; null when none. */
  await db.schema.alterTable('products').addColumn('low_stock', 'text').execute();
  await db.schema
    .alterTable('products')
    .addColumn('sold_out', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The in-stock filter: its counts per (category, type) cell, and the few sold-out positions it leaves out of a
  // search, each read from this index alone.
  await db.schema
    .createIndex('products_sold_out')
    .on('products')
    .columns(['sold_out', 'category', 'sub_category', 'position'])
    .execute();
}
