import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CURRENCY_SYMBOL,
  FIRST_ORDER_STATUS,
  PAYMENT_METHOD_COD,
  cartSubtotal,
  cartTotal,
} from '#domain/store-rules';
import { clearCart } from '../cart/repository.js';
import { sellableProducts } from '../cart/service.js';
import type { CatalogService } from '../catalog/service.js';
import type { Database } from '../db/schema.js';
import { conflict } from '../http/errors.js';
import { outOfStock, reserveStock } from '../stock/reserve.js';
import { DELIVERY_ADDRESS_FIELDS, type DeliveryAddress } from '#domain/address';
import { retryOnTransientConflict } from '../db/conflict-retry.js';
import type { Order, OrderItem } from './order.js';
import { findOrderByIdempotencyKey, insertOrder } from './repository.js';

export interface PlaceOrderRequest {
  userId: string;
  address: DeliveryAddress;
  lines: ReadonlyArray<{ _id: string; size: string; quantity: number }>;
  clientAmount: number | undefined;
  idempotencyKey: string | undefined;
}

export interface PlacedOrder {
  order: Order;
  /** True when the idempotency key matched an order placed before. */
  replayed: boolean;
}

const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different order';

/** What makes two requests the same order: its lines (in any order) and its address, as the order keeps them. */
function fingerprint(lines: PlaceOrderRequest['lines'], address: DeliveryAddress): string {
  const keyed = lines.map(({ _id, size, quantity }) => JSON.stringify([_id, size, quantity])).sort();
  return JSON.stringify([keyed, DELIVERY_ADDRESS_FIELDS.map((field) => address[field])]);
}

/**
 * The order placed earlier under the request's key: a retry of the same order replays it; another order under the
 * same key is a client's mistake, refused rather than answered with an order the client did not ask for.
 */
function replayOf(earlier: Order, request: PlaceOrderRequest): PlacedOrder {
  if (fingerprint(earlier.items, earlier.address) !== fingerprint(request.lines, request.address))
    throw conflict(IDEMPOTENCY_KEY_REUSED);
  return { order: earlier, replayed: true };
}

export async function placeOrder(
  db: Kysely<Database>,
  catalog: CatalogService,
  request: PlaceOrderRequest,
): Promise<PlacedOrder> {
  const { userId, idempotencyKey } = request;
  if (idempotencyKey !== undefined) {
    const earlier = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (earlier) return replayOf(earlier, request);
  }

  const products = await sellableProducts(
    catalog,
    request.lines.map((line) => ({ productId: line._id, size: line.size })),
  );
  const items: OrderItem[] = request.lines.map((line) => {
    const product = products.get(line._id)!;
    return {
      _id: product._id,
      name: product.name,
      price: product.price,
      quantity: line.quantity,
      size: line.size,
      image: product.image,
    };
  });
  const amount = cartTotal(cartSubtotal(items));
  if (request.clientAmount !== undefined && Math.abs(request.clientAmount - amount) > 0.005) {
    throw conflict(
      `Prices have changed: your order total is now ${CURRENCY_SYMBOL}${amount}. Please review your cart and place the order again.`,
    );
  }

  const order: Order = {
    _id: randomUUID(),
    items,
    amount,
    address: request.address,
    status: FIRST_ORDER_STATUS,
    paymentMethod: PAYMENT_METHOD_COD,
    payment: false,
    date: Date.now(),
  };
  // The order, its pairs taken from stock and the emptied cart commit together, or nothing does. The unique
  // (user, key) index settles a race between retries: the one that finds the key taken takes no stock.
  const inserted = await retryOnTransientConflict(() =>
    db.transaction().execute(async (trx) => {
      if (!(await insertOrder(trx, userId, order, idempotencyKey))) return false;
      const shortfalls = await reserveStock(
        trx,
        items.map((item) => ({
          productId: item._id,
          name: item.name,
          size: item.size,
          quantity: item.quantity,
        })),
      );
      if (shortfalls.length > 0) throw outOfStock(shortfalls);
      await clearCart(trx, userId);
      return true;
    }),
  );
  if (inserted || idempotencyKey === undefined) return { order, replayed: false };
  const earlier = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
  if (!earlier) throw new Error('Order with a conflicting idempotency key vanished');
  return replayOf(earlier, request);
}
