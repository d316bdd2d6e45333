import type { Kysely } from 'kysely';

// Frozen once landed: a schema change is a new numbered migration.
//
// Products the back office removed (issue 31): the id and when, so a removed product's page can answer 410 Gone
// rather than 404. Writing a product under that id again (back office or import) deletes its row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('removed_products')
    .addColumn('product_id', 'text', (c) => c.primaryKey())
    .addColumn('removed_at', 'bigint', (c) => c.notNull())
    .execute();
}
