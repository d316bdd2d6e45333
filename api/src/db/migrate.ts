import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect, StoreDatabase } from './database.js';
import * as initial from './migrations/001_initial.js';
import * as catalogQuery from './migrations/002_catalog_query.js';
import * as catalogSearch from './migrations/003_catalog_search.js';
import * as backOffice from './migrations/004_back_office.js';
import * as stock from './migrations/005_stock.js';
import * as returns from './migrations/006_returns.js';
import * as removedProducts from './migrations/007_removed_products.js';

interface DialectMigration {
  up(db: Kysely<unknown>, dialect: Dialect): Promise<void>;
}

// Listed here rather than read from the folder, so the bundle of migrations is fixed at build time.
const migrations: Record<string, DialectMigration> = {
  '001_initial': initial,
  '002_catalog_query': catalogQuery,
  '003_catalog_search': catalogSearch,
  '004_back_office': backOffice,
  '005_stock': stock,
  '006_returns': returns,
  '007_removed_products': removedProducts,
};

export async function migrateToLatest({ db, dialect }: StoreDatabase): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: () =>
      Promise.resolve(
        Object.fromEntries(
          Object.entries(migrations).map(([name, m]): [string, Migration] => [
            name,
            { up: (kdb) => m.up(kdb, dialect) },
          ]),
        ),
      ),
  };
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
