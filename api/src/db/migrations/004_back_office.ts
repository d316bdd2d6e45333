import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen once landed: a schema change is a new numbered migration.
//
// The back office (docs/decisions/013-back-office.md): every change of an order's status, kept (who, when, from,
// to), and an index for the administrator's list of orders of one status, newest first.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  await db.schema
    .createTable('order_status_changes')
    .addColumn('seq', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_status_changes_order')
    .on('order_status_changes')
    .columns(['order_id', 'seq'])
    .execute();
  await db.schema.createIndex('orders_status_seq').on('orders').columns(['status', 'seq']).execute();
}
