import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { cartQuantitySchema, productIdSchema, sizeSchema } from '#domain/cart-line';
import type { ShopperGuard } from '../auth/authenticate.js';
import type { CatalogService } from '../catalog/service.js';
import type { Database } from '../db/schema.js';
import { emptyBodySchema, parseBody } from '../http/validate.js';
import { readCart } from './repository.js';
import { addToCart, setLineQuantity } from './service.js';

const itemId = productIdSchema('itemId');
const size = sizeSchema();

const addBody = z.object({ itemId, size }).strict();
const updateBody = z.object({ itemId, size, quantity: cartQuantitySchema('quantity') }).strict();

export interface CartRouteDeps {
  db: Kysely<Database>;
  catalog: CatalogService;
  shoppers: ShopperGuard;
}

export function cartRoutes(app: FastifyInstance, { db, catalog, shoppers }: CartRouteDeps): void {
  app.post('/api/cart/get', shoppers.hooks, async (request) => {
    const user = shoppers.of(request);
    parseBody(emptyBodySchema, request.body);
    return { success: true, cartData: await readCart(db, user.id) };
  });

  app.post('/api/cart/add', shoppers.hooks, async (request) => {
    const user = shoppers.of(request);
    const body = parseBody(addBody, request.body);
    const cartData = await addToCart(db, catalog, user.id, { productId: body.itemId, size: body.size });
    return { success: true, message: 'Added to cart', cartData };
  });

  app.post('/api/cart/update', shoppers.hooks, async (request) => {
    const user = shoppers.of(request);
    const body = parseBody(updateBody, request.body);
    const cartData = await setLineQuantity(db, catalog, user.id, {
      productId: body.itemId,
      size: body.size,
      quantity: body.quantity,
    });
    return { success: true, message: 'Cart updated', cartData };
  });
}
