import { parse as parseCsv } from 'csv-parse/sync';
import { productSchema, type Product } from './product.js';

export interface RejectedRow {
  row: number;
  id: string | undefined;
  reason: string;
}

export interface ValidatedRows {
  products: Product[];
  rejected: RejectedRow[];
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
    raw = rows.map((row) => (row !== null && typeof row === 'object' && !('date' in row) ? { ...row, date: Date.now() } : row));
  }
  const products: Product[] = [];
  const rejected: RejectedRow[] = [];
  const seen = new Set<string>();
  raw.forEach((row, index) => {
    const id = row !== null && typeof row === 'object' && '_id' in row && typeof row._id === 'string' ? row._id : undefined;
    const result = productSchema.safeParse(row);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      const where = issue.path.join('.') || 'row';
      const reason = issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.join(', ')}` : `${where} ${issue.message}`;
      rejected.push({ row: index + 1, id, reason });
    } else if (seen.has(result.data._id)) {
      rejected.push({ row: index + 1, id, reason: `_id ${result.data._id} appears twice in the file` });
    } else {
      seen.add(result.data._id);
      products.push(result.data);
    }
  });
  return { products, rejected };
}
