import { closeWithin } from '../../lib/close-within.js';
import { seedCatalogIfEmpty } from './catalog/seed.js';
import { loadApiConfig } from './config.js';
import { openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { buildApi } from './server.js';

const config = loadApiConfig();
const database = openDatabase({
  url: config.DATABASE_URL,
  dataDir: config.DATA_DIR,
  sqliteSynchronous: config.SQLITE_SYNCHRONOUS,
});
await migrateToLatest(database);
if (config.SEED_CATALOG) await seedCatalogIfEmpty(database);
const app = await buildApi(config, database);
const address = await app.listen({ host: config.API_HOST, port: config.API_PORT });
// One line the start scripts and tests read to find the port.
console.log(`Store API listening at ${address}`);

let closing = false;
function shutdown(): void {
  if (closing) return;
  closing = true;
  void closeWithin(app)
    .then(() => database.destroy())
    .finally(() => process.exit(0));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutdown);
if (config.EXIT_WITH_PARENT) {
  // A parent killed with -9 cannot stop its children; re-parenting is how the orphan finds out.
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) shutdown();
  }, 1000).unref();
}
