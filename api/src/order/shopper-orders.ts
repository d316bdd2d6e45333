import type { Kysely, Transaction } from 'kysely';
import { CANCELLED_STATUS } from '#domain/back-office';
import { DELIVERED_STATUS, canMoveOrder, orderReference, returnDeadline } from '#domain/order-life';
import { FIRST_ORDER_STATUS } from '#domain/store-rules';
import type { Database } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { readStatusChangesOf, type StatusChange } from './admin-repository.js';
import type { Order } from './order.js';
import { findOrder } from './repository.js';
import { readReturnsOf, type ReturnRequest } from './returns-repository.js';
import { unknownOrderMessage } from './status.js';

// An order as its shopper sees it: the contract's fields and what may still be done with it, never who in the shop
// moved it.

type Executor = Kysely<Database> | Transaction<Database>;

export interface ShopperOrder extends Order {
  reference: string;
  /** Oldest first, from the placement on. */
  statusHistory: Array<{ status: string; at: number }>;
  cancellable: boolean;
  /** The last change to Delivered (ms), while the order is Delivered. */
  deliveredAt: number | null;
  /** The last moment to ask for a return or exchange, while Delivered (may be past). */
  returnableUntil: number | null;
  returns: ReturnRequest[];
}

/** When the order was delivered: the last change to Delivered, while it still is; else null. */
export function deliveredAtOf(status: string, changes: readonly StatusChange[]): number | null {
  if (status !== DELIVERED_STATUS) return null;
  return changes.findLast((change) => change.to === DELIVERED_STATUS)?.at ?? null;
}

export function toShopperOrder(
  order: Order,
  changes: readonly StatusChange[],
  returns: readonly ReturnRequest[],
): ShopperOrder {
  const deliveredAt = deliveredAtOf(order.status, changes);
  return {
    ...order,
    reference: orderReference(order._id),
    statusHistory: [
      { status: FIRST_ORDER_STATUS, at: order.date },
      ...changes.map((change) => ({ status: change.to, at: change.at })),
    ],
    cancellable: canMoveOrder(order.status, CANCELLED_STATUS, 'shopper'),
    deliveredAt,
    returnableUntil: deliveredAt === null ? null : returnDeadline(deliveredAt),
    returns: [...returns],
  };
}

/** These orders, in the order given, as their shopper sees them (two reads, whatever their number). */
export async function shopperOrders(db: Executor, orders: readonly Order[]): Promise<ShopperOrder[]> {
  const ids = orders.map((order) => order._id);
  const [changes, returns] = [await readStatusChangesOf(db, ids), await readReturnsOf(db, ids)];
  return orders.map((order) =>
    toShopperOrder(order, changes.get(order._id) ?? [], returns.get(order._id) ?? []),
  );
}

/** The shopper's order as they see it; another shopper's is not found. */
export async function readShopperOrder(db: Executor, userId: string, orderId: string): Promise<ShopperOrder> {
  const order = await findOrder(db, orderId, userId);
  if (!order) throw notFound(unknownOrderMessage(orderId));
  const [view] = await shopperOrders(db, [order]);
  return view!;
}
