import type { Kysely } from 'kysely';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import type { Product } from '../catalog/product.js';
import type { CatalogService } from '../catalog/service.js';
import type { Database } from '../db/schema.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import type { CartData } from '#domain/cart-line';
import { addOne, readCart, setQuantity } from './repository.js';

interface LineKey {
  productId: string;
  size: string;
}

/**
 * The products of these lines, when each is in the catalogue in the line's size (one primary-key read); otherwise the
 * first line that cannot be sold is refused and nothing is put in a cart or an order.
 */
export async function sellableProducts(
  catalog: CatalogService,
  lines: readonly LineKey[],
): Promise<Map<string, Product>> {
  const products = await catalog.find(lines.map((line) => line.productId));
  for (const line of lines) {
    const product = products.get(line.productId);
    if (!product) throw notFound(`Product not found for ID: ${line.productId}`);
    if (!product.sizes.includes(line.size))
      throw badRequest(`Size ${line.size} is not available for ${product.name}`);
  }
  return products;
}

/** One more of the line (a new line starts at 1); the cart after it. */
export async function addToCart(
  db: Kysely<Database>,
  catalog: CatalogService,
  userId: string,
  line: LineKey,
): Promise<CartData> {
  await sellableProducts(catalog, [line]);
  const added = await addOne(db, { userId, ...line }, MAX_LINE_QUANTITY);
  if (!added) throw conflict(`You can add at most ${MAX_LINE_QUANTITY} of one size`);
  return readCart(db, userId);
}

/** The line at exactly `quantity` (0 removes it); the cart after it. */
export async function setLineQuantity(
  db: Kysely<Database>,
  catalog: CatalogService,
  userId: string,
  line: LineKey & { quantity: number },
): Promise<CartData> {
  // Removing a line is always allowed, even if the product has since left the catalogue.
  if (line.quantity > 0) await sellableProducts(catalog, [line]);
  await setQuantity(db, { userId, ...line });
  return readCart(db, userId);
}
