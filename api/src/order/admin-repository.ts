import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Order } from './order.js';
import { toOrder } from './repository.js';

// The shop's view of orders: everyone's, newest first, with the shopper and each order's status history.

type Executor = Kysely<Database> | Transaction<Database>;

export interface StatusChange {
  from: string;
  to: string;
  /** The administrator's email, or `command line (<system user>)`. */
  by: string;
  /** Milliseconds since the epoch. */
  at: number;
}

export interface ShopOrder extends Order {
  userId: string;
  shopper: { _id: string; name: string; email: string | null };
  /** Every change of the status, oldest first (the placement itself is not a change). */
  statusHistory: StatusChange[];
}

export interface ShopOrderPage {
  orders: ShopOrder[];
  /** The sequence number of the page's last order, to continue after it; undefined when there are no more. */
  nextBefore: number | undefined;
}

export async function listShopOrders(
  db: Executor,
  { limit, before, status }: { limit: number; before: number | undefined; status: string | undefined },
): Promise<ShopOrderPage> {
  let query = db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .selectAll('orders')
    .select(['users.name as shopper_name', 'users.email as shopper_email'])
    .orderBy('orders.seq', 'desc')
    .limit(limit + 1);
  if (before !== undefined) query = query.where('orders.seq', '<', before);
  if (status !== undefined) query = query.where('orders.status', '=', status);
  const rows = await query.execute();
  const page = rows.slice(0, limit);

  const history = await readStatusChangesOf(
    db,
    page.map((row) => row.id),
  );
  return {
    orders: page.map((row) => ({
      ...toOrder(row),
      userId: row.user_id,
      shopper: { _id: row.user_id, name: row.shopper_name, email: row.shopper_email },
      statusHistory: history.get(row.id) ?? [],
    })),
    nextBefore: rows.length > limit ? page.at(-1)?.seq : undefined,
  };
}

export async function readOrderStatus(db: Executor, orderId: string): Promise<string | undefined> {
  const row = await db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirst();
  return row?.status;
}

/** Sets the status only if it is still `from` (a concurrent change wins otherwise); true when it was set. */
export async function replaceOrderStatus(
  db: Executor,
  orderId: string,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ status: to })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertStatusChange(db: Executor, orderId: string, change: StatusChange): Promise<void> {
  await db
    .insertInto('order_status_changes')
    .values({
      order_id: orderId,
      from_status: change.from,
      to_status: change.to,
      changed_by: change.by,
      changed_at: change.at,
    })
    .execute();
}

/** Every change of these orders' statuses, oldest first, by order id. */
export async function readStatusChangesOf(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, StatusChange[]>> {
  const history = new Map<string, StatusChange[]>();
  if (orderIds.length === 0) return history;
  const changes = await db
    .selectFrom('order_status_changes')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('seq')
    .execute();
  for (const change of changes) {
    const list = history.get(change.order_id) ?? [];
    list.push({
      from: change.from_status,
      to: change.to_status,
      by: change.changed_by,
      at: change.changed_at,
    });
    history.set(change.order_id, list);
  }
  return history;
}
