import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CANCELLED_STATUS } from '#domain/back-office';
import {
  DELIVERED_STATUS,
  RETURN_ACTIONS,
  isOpenReturn,
  returnDeadline,
  type ReturnAction,
  type ReturnKind,
  type ReturnReason,
} from '#domain/order-life';
import { retryOnTransientConflict } from '../db/conflict-retry.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { releaseStock } from '../stock/release.js';
import { outOfStock, reserveStock } from '../stock/reserve.js';
import { readStatusChangesOf } from './admin-repository.js';
import type { Order } from './order.js';
import { findOrder, lockOrder } from './repository.js';
import {
  findReturnByIdempotencyKey,
  insertReturn,
  lockReturn,
  readLineReturns,
  readShopReturn,
  setReturnStatus,
  type ReturnRow,
  type ShopReturn,
} from './returns-repository.js';
import { deliveredAtOf, readShopperOrder, type ShopperOrder } from './shopper-orders.js';
import { unknownOrderMessage } from './status.js';

// A shopper's return or exchange of a delivered line, within the return policy, and the shop's handling of it
// (RETURN_ACTIONS): an approved exchange takes its pairs from stock, a received item puts its pairs back.

export interface ReturnAsk {
  userId: string;
  orderId: string;
  productId: string;
  size: string;
  /** Absent: every pair of the line not already in an open request. */
  quantity: number | undefined;
  kind: ReturnKind;
  reason: ReturnReason;
  exchangeSize: string | undefined;
  idempotencyKey: string | undefined;
}

export interface AskedReturn {
  order: ShopperOrder;
  /** True when the idempotency key matched a request made before. */
  replayed: boolean;
}

export const NOT_YET_DELIVERED = 'You can ask for a return once the order is delivered.';
const CANCELLED_ORDER = 'This order was cancelled: there is nothing to return.';
const LINE_TAKEN = 'Every pair of this item is already in a return or exchange request.';
const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different request';

/** "2 Dec": the store's customers are in India, and so is the day the window closes. */
const closingDay = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'Asia/Kolkata',
});
export const windowClosedMessage = (deadline: number) =>
  `The return window for this order closed on ${closingDay.format(deadline)}.`;
export const unknownReturnMessage = (returnId: string) =>
  `Return not found for ID: ${returnId.slice(0, 100)}`;

const pairs = (n: number) => `${n} ${n === 1 ? 'pair' : 'pairs'}`;
const quoted = (text: string) => JSON.stringify(text.slice(0, 64));

function sameAsk(row: ReturnRow, ask: ReturnAsk): boolean {
  return (
    row.order_id === ask.orderId &&
    row.product_id === ask.productId &&
    row.size === ask.size &&
    row.kind === ask.kind &&
    row.reason === ask.reason &&
    row.exchange_size === (ask.exchangeSize ?? null) &&
    (ask.quantity === undefined || ask.quantity === row.quantity)
  );
}

async function replay(db: Kysely<Database>, row: ReturnRow, ask: ReturnAsk): Promise<AskedReturn> {
  if (!sameAsk(row, ask)) throw conflict(IDEMPOTENCY_KEY_REUSED);
  return { order: await readShopperOrder(db, ask.userId, ask.orderId), replayed: true };
}

/** Refuses the request unless the order is delivered and the return window is still open. */
async function checkReturnable(
  db: Parameters<typeof readStatusChangesOf>[0],
  order: Order,
  now: number,
): Promise<void> {
  if (order.status === CANCELLED_STATUS) throw conflict(CANCELLED_ORDER);
  const changes = (await readStatusChangesOf(db, [order._id])).get(order._id) ?? [];
  const deliveredAt = deliveredAtOf(order.status, changes);
  if (order.status !== DELIVERED_STATUS || deliveredAt === null) throw conflict(NOT_YET_DELIVERED);
  const deadline = returnDeadline(deliveredAt);
  if (now > deadline) throw conflict(windowClosedMessage(deadline));
}

export async function requestReturn(db: Kysely<Database>, ask: ReturnAsk): Promise<AskedReturn> {
  const { userId, orderId, productId, size, kind, exchangeSize, idempotencyKey } = ask;
  if (kind === 'exchange' && exchangeSize === undefined)
    throw badRequest('exchangeSize is required for an exchange: the size you want instead');
  if (kind === 'return' && exchangeSize !== undefined)
    throw badRequest('exchangeSize is only for an exchange');
  if (exchangeSize === size) throw badRequest('exchangeSize must be another size than the one ordered');
  if (idempotencyKey !== undefined) {
    const earlier = await findReturnByIdempotencyKey(db, userId, idempotencyKey);
    if (earlier) return replay(db, earlier, ask);
  }

  const inserted = await retryOnTransientConflict(() =>
    db.transaction().execute(async (trx) => {
      // Locked first: two requests on the same line count each other's pairs.
      const order = await lockOrder(trx, orderId, userId);
      if (!order) throw notFound(unknownOrderMessage(orderId));
      const now = Date.now();
      await checkReturnable(trx, order, now);
      const line = order.items.find((item) => item._id === productId && item.size === size);
      if (!line) throw badRequest(`This order has no item ${quoted(productId)} in size ${quoted(size)}`);
      const open = (await readLineReturns(trx, orderId, productId, size)).filter((r) =>
        isOpenReturn(r.status),
      );
      const left = line.quantity - open.reduce((sum, r) => sum + r.quantity, 0);
      if (left <= 0) throw conflict(LINE_TAKEN);
      const quantity = ask.quantity ?? left;
      if (quantity > left)
        throw conflict(`Only ${pairs(left)} of this item can still be returned or exchanged.`);

      if (exchangeSize !== undefined) {
        const product = await trx
          .selectFrom('products')
          .select('sizes')
          .where('id', '=', productId)
          .executeTakeFirst();
        if (!product) throw conflict(`${line.name} is no longer sold: ask for a return instead.`);
        const sizes = JSON.parse(product.sizes) as string[];
        if (!sizes.includes(exchangeSize)) {
          throw badRequest(
            `${line.name} has no size ${quoted(exchangeSize)}; its sizes are ${sizes.map(quoted).join(', ')}`,
          );
        }
        const counted = await trx
          .selectFrom('product_stock')
          .select('quantity')
          .where('product_id', '=', productId)
          .where('size', '=', exchangeSize)
          .executeTakeFirst();
        if (counted && counted.quantity < quantity) {
          throw outOfStock([
            { productId, name: line.name, size: exchangeSize, requested: quantity, left: counted.quantity },
          ]);
        }
      }

      return insertReturn(trx, {
        id: randomUUID(),
        order_id: orderId,
        user_id: userId,
        product_id: productId,
        size,
        quantity,
        kind,
        reason: ask.reason,
        exchange_size: exchangeSize ?? null,
        status: 'Requested',
        requested_at: now,
        updated_at: now,
        idempotency_key: idempotencyKey ?? null,
      });
    }),
  );
  if (inserted || idempotencyKey === undefined)
    return { order: await readShopperOrder(db, userId, orderId), replayed: false };
  // Another request under the same key committed first.
  const earlier = await findReturnByIdempotencyKey(db, userId, idempotencyKey);
  if (!earlier) throw new Error('Return request with a conflicting idempotency key vanished');
  return replay(db, earlier, ask);
}

export interface ReturnMove {
  returnId: string;
  action: ReturnAction;
  /** The administrator's email, or the command line. */
  by: string;
}

export interface MovedReturn {
  message: string;
  changed: boolean;
  return: ShopReturn;
}

const ACTION_WORDS: Record<ReturnAction, string> = {
  approve: 'approved',
  refuse: 'refused',
  received: 'marked received',
  close: 'closed',
};

/**
 * One of the shop's actions on a request. The status, its record and the stock it moves commit together; the
 * same action twice changes nothing the second time.
 */
export async function changeReturnStatus(
  db: Kysely<Database>,
  { returnId, action, by }: ReturnMove,
): Promise<MovedReturn> {
  const move = RETURN_ACTIONS[action];
  const outcome = await retryOnTransientConflict(() =>
    db.transaction().execute(async (trx) => {
      const row = await lockReturn(trx, returnId);
      if (!row) throw notFound(unknownReturnMessage(returnId));
      if (row.status === move.to) return { changed: false, message: `The return is already ${move.to}` };
      if (row.status !== move.from) {
        const article = /^[AEIOU]/.test(move.from) ? 'an' : 'a';
        throw conflict(
          `Only ${article} ${move.from} request can be ${ACTION_WORDS[action]}: this one is ${row.status}.`,
        );
      }
      if (action === 'approve' && row.exchange_size !== null) {
        const order = await findOrder(trx, row.order_id);
        const name = order?.items.find((item) => item._id === row.product_id)?.name ?? row.product_id;
        const shortfalls = await reserveStock(trx, [
          { productId: row.product_id, name, size: row.exchange_size, quantity: row.quantity },
        ]);
        if (shortfalls.length > 0) throw outOfStock(shortfalls);
      }
      if (action === 'received')
        await releaseStock(trx, [{ productId: row.product_id, size: row.size, quantity: row.quantity }]);
      await setReturnStatus(trx, returnId, { from: row.status, to: move.to, by, at: Date.now() });
      const kind = row.kind === 'exchange' ? 'Exchange' : 'Return';
      return { changed: true, message: `${kind} ${ACTION_WORDS[action]}` };
    }),
  );
  const after = await readShopReturn(db, returnId);
  if (!after) throw notFound(unknownReturnMessage(returnId));
  return { ...outcome, return: after };
}
