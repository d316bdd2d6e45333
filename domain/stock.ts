// Stock per product and size (docs/decisions/020-stock-per-size.md). A size the store does not count always sells;
// so does every size of a backend whose answers carry no stock.
import * as z from 'zod/mini';

/** At or below this many pairs left, a size shows "Only N left". */
export const LOW_STOCK_THRESHOLD = 3;

/** More pairs of one size than any shop keeps: a larger count is a typing mistake. */
export const MAX_STOCK_COUNT = 100_000;

export function stockCountSchema(field = 'count') {
  return z
    .number({ error: `${field} must be a number` })
    .check(
      z.int(`${field} must be a whole number`),
      z.minimum(0, `${field} cannot be negative`),
      z.maximum(MAX_STOCK_COUNT, `${field} cannot be more than ${MAX_STOCK_COUNT}`),
    );
}

/**
 * Optional REST field beside spec section 3's: each size with at most LOW_STOCK_THRESHOLD pairs left (0: sold out).
 * A size it does not name, or every size when it is absent, is in stock.
 */
export type LowStock = Readonly<Record<string, number>>;

/** One size as the storefront shows it: `left` only when few pairs are left (0 when sold out). */
export interface SizeStock {
  size: string;
  inStock: boolean;
  left: number | null;
}

/** Each of the product's sizes, in its order, from the product's `lowStock` (absent: all in stock). */
export function sizeStock(sizes: readonly string[], lowStock: LowStock | undefined): SizeStock[] {
  return sizes.map((size) => {
    const left = lowStock && Object.hasOwn(lowStock, size) ? lowStock[size]! : null;
    return { size, inStock: left === null || left > 0, left };
  });
}

export function soldOut(sizes: readonly string[], lowStock: LowStock | undefined): boolean {
  return sizes.length > 0 && sizeStock(sizes, lowStock).every((s) => !s.inStock);
}

/** A line of an order the store cannot fill: what was asked, and how many pairs are left. */
export interface StockShortfall {
  productId: string;
  name: string;
  size: string;
  requested: number;
  left: number;
}

export function shortfallMessage({
  name,
  size,
  left,
}: Pick<StockShortfall, 'name' | 'size' | 'left'>): string {
  return left === 0 ? `${name}, ${size} is sold out` : `Only ${left} left of ${name}, ${size}`;
}

/** The refusal of an order for stock, naming every line it cannot fill. */
export function stockRefusalMessage(shortfalls: readonly StockShortfall[]): string {
  return shortfalls.map(shortfallMessage).join('; ');
}

/** The machine-readable refusal, in the REST answer (`code`) and as the GraphQL error's `extensions.code`. */
export const OUT_OF_STOCK = 'OUT_OF_STOCK';
