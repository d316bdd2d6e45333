// `npm run catalog:import -- <file.json|file.csv>`: validates every row, loads the valid ones, lists the rejected.
// Rows are written in multi-row chunks inside one transaction (the search index and the stock counts follow in it),
// with progress. A row's optional `stock` ({ size: count }; in CSV `UK 8:2|UK 9:0`) replaces its product's counts.
// An `image` entry that is a file path is a photo from the import file's folder, stored as the back office stores one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { loadApiConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { importPhotos } from './import-photos.js';
import { uploadsDirOf } from './product-images.js';
import { upsertProducts } from './repository.js';
import { validateCatalogFile, type RejectedRow } from './rows.js';

const PROGRESS_EVERY = 10_000;

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run catalog:import -- <file.json|file.csv>');
  process.exit(2);
}
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const config = loadApiConfig();
const validated = validateCatalogFile(file, readFileSync(file, 'utf8'));
const { stock } = validated;
const rows = validated.products.length + validated.rejected.length;
// The file's row number of each valid product: the rows in order, less the rejected ones.
const invalidRows = new Set(validated.rejected.map((r) => r.row));
const validRows = Array.from({ length: rows }, (_, i) => i + 1).filter((row) => !invalidRows.has(row));
const photos = await importPhotos(validated.products, {
  root: path.dirname(path.resolve(file)),
  uploadsDir: uploadsDirOf(config.DATA_DIR),
  maxBytes: config.IMAGE_UPLOAD_MAX_BYTES,
});
const { products } = photos;
const rejected: RejectedRow[] = [...validated.rejected];
for (const { index, reason } of photos.problems) {
  const id = validated.products[index]!._id;
  stock.delete(id);
  rejected.push({ row: validRows[index]!, id, reason });
}
rejected.sort((a, b) => a.row - b.row);
for (const r of rejected) console.error(`rejected row ${r.row}${r.id ? ` (${r.id})` : ''}: ${r.reason}`);
const storedPhotos = photos.stored > 0 ? `, ${photos.stored} photos stored` : '';
console.log(`validated ${rows} rows${storedPhotos} in ${seconds()}`);
const database = openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  sqliteSynchronous: config.SQLITE_SYNCHRONOUS,
});
try {
  await migrateToLatest(database);
  let reported = 0;
  await upsertProducts(database, products, {
    stock,
    onProgress(written, total) {
      if (written - reported >= PROGRESS_EVERY || (written === total && reported > 0)) {
        reported = written;
        console.log(`  ${written} / ${total} products written (${seconds()})`);
      }
    },
  });
  const counted = stock.size > 0 ? ` (stock counted for ${stock.size})` : '';
  console.log(`imported ${products.length} products${counted}, rejected ${rejected.length} in ${seconds()}`);
} finally {
  await database.destroy();
}
process.exitCode = rejected.length > 0 ? 1 : 0;
