// `npm run catalog:import -- <file.json|file.csv>`: validates every row, loads the valid ones, lists the rejected.
import { readFileSync } from 'node:fs';
import { loadApiConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { upsertProducts } from './repository.js';
import { validateCatalogFile } from './rows.js';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run catalog:import -- <file.json|file.csv>');
  process.exit(2);
}
const config = loadApiConfig();
const { products, rejected } = validateCatalogFile(file, readFileSync(file, 'utf8'));
for (const r of rejected) console.error(`rejected row ${r.row}${r.id ? ` (${r.id})` : ''}: ${r.reason}`);
const database = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, sqliteSynchronous: config.SQLITE_SYNCHRONOUS });
try {
  await migrateToLatest(database);
  await upsertProducts(database.db, products);
  console.log(`imported ${products.length} products, rejected ${rejected.length}`);
} finally {
  await database.destroy();
}
process.exitCode = rejected.length > 0 ? 1 : 0;
