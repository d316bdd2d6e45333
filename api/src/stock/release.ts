import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { refreshShownStock } from './shown.js';

// Putting pairs back: a cancelled order's lines, a returned item once the shop has it. In the caller's transaction,
// the one that records why; rows are taken in the order reserveStock takes them.

export interface ReleasedLine {
  productId: string;
  size: string;
  quantity: number;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Adds each line's pairs to its size's count (an uncounted size stays so; a removed product has no counts left), and
 * refreshes what shoppers see.
 */
export async function releaseStock(
  trx: Transaction<Database>,
  lines: readonly ReleasedLine[],
): Promise<void> {
  const now = Date.now();
  const counted = new Set<string>();
  const ordered = [...lines].sort((a, b) => compare(a.productId, b.productId) || compare(a.size, b.size));
  for (const { productId, size, quantity } of ordered) {
    if (quantity <= 0) continue;
    const updated = await trx
      .updateTable('product_stock')
      .set((eb) => ({ quantity: eb('quantity', '+', quantity), updated_at: now }))
      .where('product_id', '=', productId)
      .where('size', '=', size)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) counted.add(productId);
  }
  if (counted.size > 0) await refreshShownStock(trx, [...counted]);
}
