import type { Kysely, Transaction } from 'kysely';
import type { CartData } from '#domain/cart-line';
import type { Database } from '../db/schema.js';

export async function readCart(db: Kysely<Database>, userId: string): Promise<CartData> {
  const rows = await db
    .selectFrom('cart_lines')
    .select(['product_id', 'size', 'quantity'])
    .where('user_id', '=', userId)
    .orderBy('product_id')
    .orderBy('size')
    .execute();
  // Null-prototype maps, so a product id or size such as "__proto__" is only ever data.
  const cart: CartData = Object.create(null) as CartData;
  for (const row of rows) {
    const sizes = (cart[row.product_id] ??= Object.create(null) as Record<string, number>);
    sizes[row.size] = row.quantity;
  }
  return cart;
}

/**
 * Adds one to the line, or creates it at 1, in a single statement so concurrent adds never lose an update.
 * Returns false when the line is already at the maximum.
 */
export async function addOne(
  db: Kysely<Database>,
  line: { userId: string; productId: string; size: string },
  max: number,
): Promise<boolean> {
  const now = Date.now();
  const changed = await db
    .insertInto('cart_lines')
    .values({
      user_id: line.userId,
      product_id: line.productId,
      size: line.size,
      quantity: 1,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'product_id', 'size'])
        .doUpdateSet((eb) => ({ quantity: eb('cart_lines.quantity', '+', 1), updated_at: now }))
        .where('cart_lines.quantity', '<', max),
    )
    .returning('quantity')
    .executeTakeFirst();
  return changed !== undefined;
}

/** Sets the line's quantity; 0 removes it. */
export async function setQuantity(
  db: Kysely<Database>,
  line: { userId: string; productId: string; size: string; quantity: number },
): Promise<void> {
  if (line.quantity === 0) {
    await db
      .deleteFrom('cart_lines')
      .where('user_id', '=', line.userId)
      .where('product_id', '=', line.productId)
      .where('size', '=', line.size)
      .execute();
    return;
  }
  const now = Date.now();
  await db
    .insertInto('cart_lines')
    .values({
      user_id: line.userId,
      product_id: line.productId,
      size: line.size,
      quantity: line.quantity,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id', 'size']).doUpdateSet({ quantity: line.quantity, updated_at: now }),
    )
    .execute();
}

export async function clearCart(db: Kysely<Database> | Transaction<Database>, userId: string): Promise<void> {
  await db.deleteFrom('cart_lines').where('user_id', '=', userId).execute();
}
