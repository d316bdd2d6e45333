import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CURRENCY_SYMBOL, FIRST_ORDER_STATUS, PAYMENT_METHOD_COD, cartSubtotal, cartTotal } from '../../../domain/store-rules.js';
import { clearCart } from '../cart/repository.js';
import { sellableProducts } from '../cart/service.js';
import type { CatalogService } from '../catalog/service.js';
import type { Database } from '../db/schema.js';
import { conflict } from '../http/errors.js';
import type { DeliveryAddress } from '../../../domain/address.js';
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

export async function placeOrder(db: Kysely<Database>, catalog: CatalogService, request: PlaceOrderRequest): Promise<PlacedOrder> {
  const { userId, idempotencyKey } = request;
  if (idempotencyKey !== undefined) {
    const earlier = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
    if (earlier) return { order: earlier, replayed: true };
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
  // The order and the emptied cart commit together; the unique (user, key) index settles a race between retries.
  const inserted = await db.transaction().execute(async (trx) => {
    if (!(await insertOrder(trx, userId, order, idempotencyKey))) return false;
    await clearCart(trx, userId);
    return true;
  });
  if (inserted || idempotencyKey === undefined) return { order, replayed: false };
  const earlier = await findOrderByIdempotencyKey(db, userId, idempotencyKey);
  if (!earlier) throw new Error('Order with a conflicting idempotency key vanished');
  return { order: earlier, replayed: true };
}
