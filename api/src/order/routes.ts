import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { MAX_ORDER_BODY_BYTES } from '#domain/store-rules';
import type { ShopperGuard } from '../auth/authenticate.js';
import type { CatalogService } from '../catalog/service.js';
import type { Database } from '../db/schema.js';
import { emptyBodySchema, parseBody } from '../http/validate.js';
import { readIdempotencyKey, placeOrderBodySchema } from './order.js';
import { listOrders } from './repository.js';
import { placeOrder } from './service.js';
import { shopperOrders } from './shopper-orders.js';

export interface OrderRouteDeps {
  db: Kysely<Database>;
  catalog: CatalogService;
  shoppers: ShopperGuard;
  /** The API's body limit for every other route. */
  bodyLimitBytes: number;
}

export function orderRoutes(
  app: FastifyInstance,
  { db, catalog, shoppers, bodyLimitBytes }: OrderRouteDeps,
): void {
  // The items are whole product copies: a full order outgrows the API's default body limit.
  const placeOptions = { ...shoppers.hooks, bodyLimit: Math.max(bodyLimitBytes, MAX_ORDER_BODY_BYTES) };
  app.post('/api/order/place', placeOptions, async (request, reply) => {
    const user = shoppers.of(request);
    const body = parseBody(placeOrderBodySchema, request.body);
    const idempotencyKey = readIdempotencyKey(request.headers['idempotency-key']);
    const { order, replayed } = await placeOrder(db, catalog, {
      userId: user.id,
      address: body.address,
      lines: body.items,
      clientAmount: body.amount,
      idempotencyKey,
    });
    return reply
      .code(replayed ? 200 : 201)
      .send({ success: true, message: replayed ? 'Order already placed' : 'Order placed', order });
  });

  app.post('/api/order/userorders', shoppers.hooks, async (request) => {
    const user = shoppers.of(request);
    parseBody(emptyBodySchema, request.body);
    // Each order with what the shopper may still do with it: extras a section 7 client ignores.
    return { success: true, orders: await shopperOrders(db, await listOrders(db, user.id)) };
  });
}
