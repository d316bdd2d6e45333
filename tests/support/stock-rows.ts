import type { Kysely } from 'kysely';
import type { Database } from '../../api/src/db/schema.js';
import { upsertCounts } from '../../api/src/stock/repository.js';
import { refreshShownStock } from '../../api/src/stock/shown.js';

// Stock set straight in the store's database, as the back office would set it (the counts and what shoppers see of
// them, in one transaction): tests and benches arrange scarce stock without depending on the admin endpoint.

export interface StockRow {
  productId: string;
  size: string;
  quantity: number;
}

/** Sets these sizes' counts (a size not named keeps what it had). */
export async function setStockRows(db: Kysely<Database>, rows: readonly StockRow[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await upsertCounts(trx, rows);
    await refreshShownStock(
      trx,
      rows.map((row) => row.productId),
    );
  });
}

/** Every counted size: `productId/size` → pairs left. */
export async function readStockRows(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom('product_stock').select(['product_id', 'size', 'quantity']).execute();
  return new Map(rows.map((row) => [stockKey(row.product_id, row.size), row.quantity]));
}

export const stockKey = (productId: string, size: string) => `${productId}/${size}`;
