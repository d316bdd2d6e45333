import { parse as parseCsv } from 'csv-parse/sync';
import { z } from 'zod';
import { stockCountSchema } from '#domain/stock';
import { productSchema, type Product } from './product.js';
import type { StockCounts } from './repository.js';

export interface RejectedRow {
  row: number;
  id: string | undefined;
  reason: string;
}

export interface ValidatedRows {
  products: Product[];
  /** The counts of the rows that carry them, by product id; a row without leaves its product's counts as they are. */
  stock: Map<string, StockCounts>;
  rejected: RejectedRow[];
}

/**
 * An import row: a product (spec section 3) and, optionally, its stock: { size: pairs on hand } for sizes the row
 * has. The stock replaces the product's counts; a size it does not name is not counted (it always sells).
 */
const importRowSchema = productSchema
  .extend({ stock: z.record(z.string(), stockCountSchema('count')).optional() })
  .superRefine((row, ctx) => {
    for (const size of Object.keys(row.stock ?? {})) {
      if (!row.sizes.includes(size)) {
        ctx.addIssue({
          code: 'custom',
          path: ['stock'],
          message: `names size ${JSON.stringify(size)}, which is not in sizes`,
        });
        return;
      }
    }
  });

/** Marks a CSV stock cell that could not be read, so the row is rejected with this reason. */
class UnreadableStock {
  constructor(readonly reason: string) {}
}

/** A CSV stock cell: `size:count` entries separated by "|" (`UK 8:2|UK 9:0`); the last ":" ends the size. */
function stockFromCsv(cell: string): Record<string, number> | UnreadableStock | undefined {
  if (cell.trim() === '') return undefined;
  const stock: Record<string, number> = {};
  for (const entry of cell.split('|').map((e) => e.trim())) {
    const colon = entry.lastIndexOf(':');
    const size = entry.slice(0, Math.max(colon, 0)).trim();
    if (colon < 0 || size === '')
      return new UnreadableStock(`stock entry ${JSON.stringify(entry.slice(0, 40))} is not size:count`);
    if (Object.hasOwn(stock, size))
      return new UnreadableStock(`stock names size ${JSON.stringify(size)} twice`);
    const count = entry.slice(colon + 1).trim();
    // Blank is not 0: Number('') would be.
    stock[size] = count === '' ? Number.NaN : Number(count);
  }
  return stock;
}

// CSV cells are flat: lists are separated by "|", numbers and booleans are text.
function fromCsvRecord(record: Record<string, string>): Record<string, unknown> {
  const list = (value: string | undefined) =>
    (value ?? '')
      .split('|')
      .map((s) => s.trim())
      .filter(Boolean);
  const out: Record<string, unknown> = { ...record };
  if ('price' in record) out.price = Number(record.price);
  if ('image' in record) out.image = list(record.image);
  if ('sizes' in record) out.sizes = list(record.sizes);
  if ('bestseller' in record) out.bestseller = /^(true|1|yes)$/i.test(record.bestseller);
  if ('stock' in record) {
    const stock = stockFromCsv(record.stock);
    if (stock === undefined) delete out.stock;
    else out.stock = stock;
  }
  out.date = record.date ? Number(record.date) || Date.parse(record.date) : Date.now();
  return out;
}

/** Parses a catalogue file (JSON array, or CSV with a header row) and validates every row. */
export function validateCatalogFile(fileName: string, content: string): ValidatedRows {
  let raw: unknown[];
  if (fileName.toLowerCase().endsWith('.csv')) {
    const records = parseCsv<Record<string, string>>(content, {
      columns: true,
      skip_empty_lines: true,
      trim: true,
      bom: true,
    });
    raw = records.map(fromCsvRecord);
  } else {
    const parsed: unknown = JSON.parse(content);
    if (!Array.isArray(parsed)) throw new Error('A JSON catalogue must be an array of products');
    const rows: unknown[] = parsed;
    raw = rows.map((row) =>
      row !== null && typeof row === 'object' && !('date' in row) ? { ...row, date: Date.now() } : row,
    );
  }
  const products: Product[] = [];
  const stock = new Map<string, StockCounts>();
  const rejected: RejectedRow[] = [];
  const seen = new Set<string>();
  raw.forEach((row, index) => {
    const id =
      row !== null && typeof row === 'object' && '_id' in row && typeof row._id === 'string'
        ? row._id
        : undefined;
    if (row !== null && typeof row === 'object' && 'stock' in row && row.stock instanceof UnreadableStock) {
      rejected.push({ row: index + 1, id, reason: row.stock.reason });
      return;
    }
    const result = importRowSchema.safeParse(row);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      // A count's own message names it ("count must be a whole number"): the path says which size.
      const where =
        issue.path.length === 2 && issue.path[0] === 'stock'
          ? `stock of size ${JSON.stringify(issue.path[1])}:`
          : issue.path.join('.') || 'row';
      const reason =
        issue.code === 'unrecognized_keys'
          ? `unknown field ${issue.keys.join(', ')}`
          : `${where} ${issue.message}`;
      rejected.push({ row: index + 1, id, reason });
    } else if (seen.has(result.data._id)) {
      rejected.push({ row: index + 1, id, reason: `_id ${result.data._id} appears twice in the file` });
    } else {
      const { stock: counts, ...product } = result.data;
      seen.add(product._id);
      products.push(product);
      if (counts) stock.set(product._id, counts);
    }
  });
  return { products, stock, rejected };
}
