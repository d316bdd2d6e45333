// `npm run catalog:import -- <file.json|file.csv>`: validates every row, loads the valid ones, lists the rejected.
// Rows are written in multi-row chunks inside one transaction (the search index and the stock counts follow in it),
// with progress. A row's optional `stock` ({ size: count }; in CSV `UK 8:2|UK 9:0`) replaces its product's counts.
import { readFileSync } from 'node:fs';
import { loadApiConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { upsertProducts } from './repository.js';
import { validateCatalogFile } from './rows.js';

const PROGRESS_EVERY = 10_000;

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run catalog:import -- <file.json|file.csv>');
  process.exit(2);
}
const started = performance.now();
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
const config = loadApiConfig();
const { products, stock, rejected } = validateCatalogFile(file, readFileSync(file, 'utf8'));
for (const r of rejected) console.error(`rejected row ${r.row}${r.id ? ` (${r.id})` : ''}: ${r.reason}`);
console.log(`validated ${products.length + rejected.length} rows in ${seconds()}`);
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, sqliteSynchronous: config.SQLITE_SYNCHRONOUS });
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
