import type { Kysely } from 'kysely';
import { ORDER_STATUSES, isOrderStatus } from '../../../domain/back-office.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { insertStatusChange, readOrderStatus, replaceOrderStatus, type StatusChange } from './admin-repository.js';

export interface StatusUpdate {
  orderId: string;
  status: string;
  /** Who asked: the administrator's email, or the command line. */
  by: string;
}

export interface StatusOutcome {
  from: string;
  to: string;
  /** False when the order already had that status (nothing is recorded then). */
  changed: boolean;
}

export const unknownStatusMessage = (status: string) => `Unknown status "${status.slice(0, 40)}": use one of ${ORDER_STATUSES.join(', ')}`;
export const unknownOrderMessage = (orderId: string) => `Order not found for ID: ${orderId.slice(0, 100)}`;

/**
 * Moves an order to one of the lineage's statuses, forwards or back (a mistaken click can be undone), and keeps the
 * change. The status and its record commit together; two administrators at once each record what they replaced.
 */
export async function changeOrderStatus(db: Kysely<Database>, { orderId, status, by }: StatusUpdate): Promise<StatusOutcome> {
  if (!isOrderStatus(status)) throw badRequest(unknownStatusMessage(status));
  return db.transaction().execute(async (trx) => {
    for (let attempt = 1; ; attempt += 1) {
      const from = await readOrderStatus(trx, orderId);
      if (from === undefined) throw notFound(unknownOrderMessage(orderId));
      if (from === status) return { from, to: status, changed: false };
      // Conditional on the status read: under a concurrent change it sets nothing, and the status is read again.
      if (await replaceOrderStatus(trx, orderId, from, status)) {
        const change: StatusChange = { from, to: status, by, at: Date.now() };
        await insertStatusChange(trx, orderId, change);
        return { from, to: status, changed: true };
      }
      if (attempt >= 10) throw conflict('The order is being changed by someone else. Please try again.');
    }
  });
}
