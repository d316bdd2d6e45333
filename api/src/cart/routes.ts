import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../../../domain/store-rules.js';
import type { Authenticate } from '../auth/authenticate.js';
import type { CatalogService } from '../catalog/service.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { emptyBodySchema, parseBody } from '../http/validate.js';
import { addOne, readCart, setQuantity } from './repository.js';

const itemId = z.string({ error: 'itemId is required' }).min(1, 'itemId is required').max(64, 'itemId is too long');
const size = z.string({ error: 'size is required' }).trim().min(1, 'Select product size!').max(20, 'size is too long');

const addBody = z.object({ itemId, size }).strict();
const updateBody = z
  .object({
    itemId,
    size,
    quantity: z
      .number({ error: 'quantity must be a number' })
      .int('quantity must be a whole number')
      .min(0, 'quantity cannot be negative')
      .max(MAX_LINE_QUANTITY, `quantity cannot be more than ${MAX_LINE_QUANTITY}`),
  })
  .strict();

export interface CartRouteDeps {
  db: Kysely<Database>;
  catalog: CatalogService;
  authenticate: Authenticate;
}

export function cartRoutes(app: FastifyInstance, { db, catalog, authenticate }: CartRouteDeps): void {
  // Nothing is written for a product the catalogue does not have, or a size it does not come in (one primary-key read).
  async function assertSellable(productId: string, sizeLabel: string): Promise<void> {
    const product = (await catalog.find([productId])).get(productId);
    if (!product) throw notFound(`Product not found for ID: ${productId}`);
    if (!product.sizes.includes(sizeLabel)) throw badRequest(`Size ${sizeLabel} is not available for ${product.name}`);
  }

  app.post('/api/cart/get', async (request) => {
    const user = await authenticate(request);
    parseBody(emptyBodySchema, request.body);
    return { success: true, cartData: await readCart(db, user.id) };
  });

  app.post('/api/cart/add', async (request) => {
    const user = await authenticate(request);
    const body = parseBody(addBody, request.body);
    await assertSellable(body.itemId, body.size);
    const added = await addOne(db, { userId: user.id, productId: body.itemId, size: body.size }, MAX_LINE_QUANTITY);
    if (!added) throw conflict(`You can add at most ${MAX_LINE_QUANTITY} of one size`);
    return { success: true, message: 'Added to cart', cartData: await readCart(db, user.id) };
  });

  app.post('/api/cart/update', async (request) => {
    const user = await authenticate(request);
    const body = parseBody(updateBody, request.body);
    // Removing a line is always allowed, even if the product has since left the catalogue.
    if (body.quantity > 0) await assertSellable(body.itemId, body.size);
    await setQuantity(db, { userId: user.id, productId: body.itemId, size: body.size, quantity: body.quantity });
    return { success: true, message: 'Cart updated', cartData: await readCart(db, user.id) };
  });
}
