import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';

// Frozen once landed: a schema change is a new numbered migration.
//
// Returns and exchanges of delivered orders (issue 29, domain/order-life.ts): one row per request, and one row per
// change of its status (who, when, from, to), as order_status_changes keeps an order's.
export async function up(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const serial = dialect === 'postgres' ? 'bigserial' : 'integer';
  await db.schema
    .createTable('order_returns')
    .addColumn('seq', serial, (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('order_id', 'text', (c) => c.notNull().references('orders.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('product_id', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('exchange_size', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('idempotency_key', 'text')
    .execute();
  // The shopper's orders read their requests by order; a retried request finds its key; the back office lists
  // the requests of one status, newest first (all of them newest first is the primary key).
  await db.schema
    .createIndex('order_returns_order')
    .on('order_returns')
    .columns(['order_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('order_returns_user_idempotency_key')
    .on('order_returns')
    .columns(['user_id', 'idempotency_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('order_returns_status_seq')
    .on('order_returns')
    .columns(['status', 'seq'])
    .execute();

  await db.schema
    .createTable('order_return_changes')
    .addColumn('seq', serial, (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('return_id', 'text', (c) => c.notNull().references('order_returns.id'))
    .addColumn('from_status', 'text', (c) => c.notNull())
    .addColumn('to_status', 'text', (c) => c.notNull())
    .addColumn('changed_by', 'text', (c) => c.notNull())
    .addColumn('changed_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('order_return_changes_return')
    .on('order_return_changes')
    .columns(['return_id', 'seq'])
    .execute();
}
