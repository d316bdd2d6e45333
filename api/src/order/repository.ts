import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, OrderTable } from '../db/schema.js';
import type { DeliveryAddress } from '#domain/address';
import type { Order, OrderItem } from './order.js';

type Executor = Kysely<Database> | Transaction<Database>;

export function toOrder(row: Selectable<OrderTable>): Order {
  return {
    _id: row.id,
    items: JSON.parse(row.items) as OrderItem[],
    amount: row.amount,
    address: JSON.parse(row.address) as DeliveryAddress,
    status: row.status,
    paymentMethod: row.payment_method,
    payment: row.payment === 1,
    date: row.date,
  };
}

export async function findOrderByIdempotencyKey(
  db: Executor,
  userId: string,
  key: string,
): Promise<Order | undefined> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
  return row && toOrder(row);
}

/** Inserts the order; false when this user already has an order under the same idempotency key. */
export async function insertOrder(
  db: Executor,
  userId: string,
  order: Order,
  idempotencyKey: string | undefined,
): Promise<boolean> {
  const inserted = await db
    .insertInto('orders')
    .values({
      id: order._id,
      user_id: userId,
      items: JSON.stringify(order.items),
      amount: order.amount,
      address: JSON.stringify(order.address),
      status: order.status,
      payment_method: order.paymentMethod,
      payment: order.payment ? 1 : 0,
      date: order.date,
      idempotency_key: idempotencyKey ?? null,
    })
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('seq')
    .executeTakeFirst();
  return inserted !== undefined;
}

export const ORDER_HISTORY_LIMIT = 500;

/**
 * The user's latest orders, oldest first, as the seed's original backend answers them: clients written for the
 * contract reverse the list to show the newest first (spec section 2), so ours must arrive in the same order.
 */
export async function listOrders(db: Executor, userId: string): Promise<Order[]> {
  const rows = await db
    .selectFrom('orders')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(ORDER_HISTORY_LIMIT)
    .execute();
  return rows.reverse().map(toOrder);
}

/** One order as stored, or undefined; with `userId`, only if it is that user's. */
export async function findOrder(db: Executor, orderId: string, userId?: string): Promise<Order | undefined> {
  let query = db.selectFrom('orders').selectAll().where('id', '=', orderId);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  const row = await query.executeTakeFirst();
  return row && toOrder(row);
}

/**
 * The user's order, its row locked until the transaction ends (a write of the value it holds, the lock both
 * databases understand): two requests on the same order's lines then run one after the other.
 */
export async function lockOrder(
  trx: Transaction<Database>,
  orderId: string,
  userId: string,
): Promise<Order | undefined> {
  const row = await trx
    .updateTable('orders')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', orderId)
    .where('user_id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row && toOrder(row);
}
