import type { Transaction } from 'kysely';
import { OUT_OF_STOCK, stockRefusalMessage, type StockShortfall } from '#domain/stock';
import { ApiError } from '../http/errors.js';
import type { Database } from '../db/schema.js';
import { refreshShownStock } from './shown.js';

// Taking an order's pairs, in the transaction that stores the order (docs/decisions/020-stock-per-size.md). Each line
// is one conditional UPDATE: the row lock it takes makes it exact on PostgreSQL under READ COMMITTED (a waiting
// UPDATE re-reads the row once the holder commits) and across API processes; SQLite runs one transaction at a time.

export interface StockLine {
  productId: string;
  /** The product's name, for the refusal's message. */
  name: string;
  size: string;
  quantity: number;
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Lines in one fixed order (product id, then size), so two orders never wait for each other's rows in a cycle. */
function inLockOrder(lines: readonly StockLine[]): StockLine[] {
  return [...lines].sort((a, b) => compare(a.productId, b.productId) || compare(a.size, b.size));
}

/**
 * Takes every line's pairs (an uncounted size always sells). Answers every line it cannot fill, with what is left:
 * the caller must then roll back, as other lines were taken. Otherwise it also refreshes what shoppers see.
 */
export async function reserveStock(
  trx: Transaction<Database>,
  lines: readonly StockLine[],
): Promise<StockShortfall[]> {
  const now = Date.now();
  const shortfalls = new Map<StockLine, StockShortfall>();
  const taken = new Set<string>();
  for (const line of inLockOrder(lines)) {
    const { productId, size, quantity } = line;
    const updated = await trx
      .updateTable('product_stock')
      .set((eb) => ({ quantity: eb('quantity', '-', quantity), updated_at: now }))
      .where('product_id', '=', productId)
      .where('size', '=', size)
      .where('quantity', '>=', quantity)
      .returning('quantity')
      .executeTakeFirst();
    if (updated) {
      taken.add(productId);
      continue;
    }
    const counted = await trx
      .selectFrom('product_stock')
      .select('quantity')
      .where('product_id', '=', productId)
      .where('size', '=', size)
      .executeTakeFirst();
    if (counted)
      shortfalls.set(line, { productId, name: line.name, size, requested: quantity, left: counted.quantity });
  }
  if (shortfalls.size > 0) return lines.flatMap((line) => shortfalls.get(line) ?? []);
  if (taken.size === 0) return [];

  await refreshShownStock(trx, [...taken]);
  return [];
}

/**
 * Lines the stock cannot fill: 409 naming every short line and what is left of it, with a code clients act on
 * (the BFF's OUT_OF_STOCK, the storefront's "fix the cart").
 */
export function outOfStock(shortfalls: readonly StockShortfall[]): ApiError {
  return new ApiError(409, stockRefusalMessage(shortfalls), {
    code: OUT_OF_STOCK,
    shortfalls: shortfalls.map(({ productId, name, size, requested, left }) => ({
      _id: productId,
      name,
      size,
      requested,
      left,
    })),
  });
}
