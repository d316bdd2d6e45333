import type { Kysely, Selectable, Transaction } from 'kysely';
import { orderReference } from '#domain/order-life';
import type { Database, OrderReturnTable } from '../db/schema.js';

// Return and exchange requests (migration 006) and every change of their status.

type Executor = Kysely<Database> | Transaction<Database>;

/** A request as the shopper sees it, in their orders. */
export interface ReturnRequest {
  _id: string;
  productId: string;
  size: string;
  quantity: number;
  kind: string;
  reason: string;
  exchangeSize: string | null;
  status: string;
  requestedAt: number;
  updatedAt: number;
}

export interface ReturnChange {
  from: string;
  to: string;
  /** The administrator's email, or `command line (<system user>)`. */
  by: string;
  at: number;
}

/** A request as the shop sees it: with its order, the shopper and every change of its status, oldest first. */
export interface ShopReturn extends ReturnRequest {
  orderId: string;
  reference: string;
  shopper: { _id: string; name: string; email: string | null };
  history: ReturnChange[];
}

export type ReturnRow = Selectable<OrderReturnTable>;

export function toReturn(row: ReturnRow): ReturnRequest {
  return {
    _id: row.id,
    productId: row.product_id,
    size: row.size,
    quantity: row.quantity,
    kind: row.kind,
    reason: row.reason,
    exchangeSize: row.exchange_size,
    status: row.status,
    requestedAt: row.requested_at,
    updatedAt: row.updated_at,
  };
}

/** Inserts the request; false when this user already made one under the same idempotency key. */
export async function insertReturn(
  trx: Transaction<Database>,
  row: Omit<ReturnRow, 'seq'>,
): Promise<boolean> {
  const inserted = await trx
    .insertInto('order_returns')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
    .returning('seq')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function findReturnByIdempotencyKey(
  db: Executor,
  userId: string,
  key: string,
): Promise<ReturnRow | undefined> {
  return db
    .selectFrom('order_returns')
    .selectAll()
    .where('user_id', '=', userId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();
}

/** The requests of these orders, oldest first, by order id. */
export async function readReturnsOf(
  db: Executor,
  orderIds: readonly string[],
): Promise<Map<string, ReturnRequest[]>> {
  const byOrder = new Map<string, ReturnRequest[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .selectFrom('order_returns')
    .selectAll()
    .where('order_id', 'in', [...orderIds])
    .orderBy('seq')
    .execute();
  for (const row of rows) byOrder.set(row.order_id, [...(byOrder.get(row.order_id) ?? []), toReturn(row)]);
  return byOrder;
}

/** The quantities and statuses of every request on one line of an order. */
export async function readLineReturns(
  db: Executor,
  orderId: string,
  productId: string,
  size: string,
): Promise<Array<{ quantity: number; status: string }>> {
  return db
    .selectFrom('order_returns')
    .select(['quantity', 'status'])
    .where('order_id', '=', orderId)
    .where('product_id', '=', productId)
    .where('size', '=', size)
    .execute();
}

/** The request, its row locked until the transaction ends; undefined when there is none. */
export async function lockReturn(
  trx: Transaction<Database>,
  returnId: string,
): Promise<ReturnRow | undefined> {
  return trx
    .updateTable('order_returns')
    .set((eb) => ({ status: eb.ref('status') }))
    .where('id', '=', returnId)
    .returningAll()
    .executeTakeFirst();
}

export async function setReturnStatus(
  trx: Transaction<Database>,
  returnId: string,
  change: ReturnChange,
): Promise<void> {
  await trx
    .updateTable('order_returns')
    .set({ status: change.to, updated_at: change.at })
    .where('id', '=', returnId)
    .execute();
  await trx
    .insertInto('order_return_changes')
    .values({
      return_id: returnId,
      from_status: change.from,
      to_status: change.to,
      changed_by: change.by,
      changed_at: change.at,
    })
    .execute();
}

export interface ShopReturnPage {
  returns: ShopReturn[];
  /** The sequence number of the page's last request, to continue after it; undefined when there are no more. */
  nextBefore: number | undefined;
}

function shopReturnsQuery(db: Executor) {
  return db
    .selectFrom('order_returns')
    .innerJoin('users', 'users.id', 'order_returns.user_id')
    .selectAll('order_returns')
    .select(['users.name as shopper_name', 'users.email as shopper_email']);
}

async function withHistory(
  db: Executor,
  rows: Awaited<ReturnType<ReturnType<typeof shopReturnsQuery>['execute']>>,
): Promise<ShopReturn[]> {
  const history = new Map<string, ReturnChange[]>();
  if (rows.length > 0) {
    const changes = await db
      .selectFrom('order_return_changes')
      .selectAll()
      .where(
        'return_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('seq')
      .execute();
    for (const c of changes) {
      history.set(c.return_id, [
        ...(history.get(c.return_id) ?? []),
        { from: c.from_status, to: c.to_status, by: c.changed_by, at: c.changed_at },
      ]);
    }
  }
  return rows.map((row) => ({
    ...toReturn(row),
    orderId: row.order_id,
    reference: orderReference(row.order_id),
    shopper: { _id: row.user_id, name: row.shopper_name, email: row.shopper_email },
    history: history.get(row.id) ?? [],
  }));
}

/** Every shopper's requests, newest first, a page at a time. */
export async function listShopReturns(
  db: Executor,
  { limit, before, status }: { limit: number; before: number | undefined; status: string | undefined },
): Promise<ShopReturnPage> {
  let query = shopReturnsQuery(db)
    .orderBy('order_returns.seq', 'desc')
    .limit(limit + 1);
  if (before !== undefined) query = query.where('order_returns.seq', '<', before);
  if (status !== undefined) query = query.where('order_returns.status', '=', status);
  const rows = await query.execute();
  const page = rows.slice(0, limit);
  return {
    returns: await withHistory(db, page),
    nextBefore: rows.length > limit ? page.at(-1)?.seq : undefined,
  };
}

export async function readShopReturn(db: Executor, returnId: string): Promise<ShopReturn | undefined> {
  const rows = await shopReturnsQuery(db).where('order_returns.id', '=', returnId).execute();
  return (await withHistory(db, rows))[0];
}
