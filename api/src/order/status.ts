import type { Kysely } from 'kysely';
import { CANCELLED_STATUS, ORDER_STATUSES, isOrderStatus } from '#domain/back-office';
import { orderMoveRefusal, type OrderActor } from '#domain/order-life';
import { retryOnTransientConflict } from '../db/conflict-retry.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { releaseStock } from '../stock/release.js';
import { insertStatusChange, replaceOrderStatus, type StatusChange } from './admin-repository.js';
import { findOrder } from './repository.js';

export interface StatusUpdate {
  orderId: string;
  status: string;
  /** Who asked: the administrator's email, the command line, or 'shopper'. */
  by: string;
  /** Whose rules apply (ORDER_TRANSITIONS). */
  actor: OrderActor;
  /** The shopper's own orders only: another's is not found. */
  userId?: string;
}

export interface StatusOutcome {
  from: string;
  to: string;
  /** False when the order already had that status (nothing is recorded then). */
  changed: boolean;
}

export const unknownStatusMessage = (status: string) =>
  `Unknown status "${status.slice(0, 40)}": use one of ${ORDER_STATUSES.join(', ')}`;
export const unknownOrderMessage = (orderId: string) => `Order not found for ID: ${orderId.slice(0, 100)}`;

/**
 * Moves an order as ORDER_TRANSITIONS allows the actor, and keeps the change. The status, its record and, for a
 * cancellation, the pairs going back to stock commit together; two changes at once each record what they replaced.
 */
export async function changeOrderStatus(
  db: Kysely<Database>,
  { orderId, status, by, actor, userId }: StatusUpdate,
): Promise<StatusOutcome> {
  if (!isOrderStatus(status)) throw badRequest(unknownStatusMessage(status));
  // Run again if PostgreSQL ends it in a deadlock with an order placement or a stock change.
  return retryOnTransientConflict(() =>
    db.transaction().execute(async (trx) => {
      for (let attempt = 1; ; attempt += 1) {
        const order = await findOrder(trx, orderId, userId);
        if (order === undefined) throw notFound(unknownOrderMessage(orderId));
        const from = order.status;
        if (from === status) return { from, to: status, changed: false };
        const refusal = orderMoveRefusal(from, status, actor);
        if (refusal !== undefined) throw conflict(refusal);
        // Conditional on the status read: under a concurrent change it sets nothing, and the order is read again.
        if (await replaceOrderStatus(trx, orderId, from, status)) {
          const change: StatusChange = { from, to: status, by, at: Date.now() };
          await insertStatusChange(trx, orderId, change);
          if (status === CANCELLED_STATUS) {
            await releaseStock(
              trx,
              order.items.map((item) => ({ productId: item._id, size: item.size, quantity: item.quantity })),
            );
          }
          return { from, to: status, changed: true };
        }
        if (attempt >= 10) throw conflict('The order is being changed by someone else. Please try again.');
      }
    }),
  );
}
