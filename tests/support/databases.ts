import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type StoreDatabase } from '../../api/src/db/database.js';
import { inject } from 'vitest';

export type Backend = 'sqlite' | 'postgres';
export const BACKENDS: Backend[] = ['sqlite', 'postgres'];

/** Environment for an API process on a fresh database of the given backend. */
export async function freshDatabaseEnv(backend: Backend): Promise<Record<string, string>> {
  if (backend === 'sqlite') return {};
  const admin = inject('postgresAdminUrl');
  const name = `store_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString() };
}

/** Opens the database an API process with this environment and data folder writes to, to check what it stored. */
export function openStoreDatabase(env: Record<string, string>, dataDir: string): StoreDatabase {
  return openDatabase({ url: env.DATABASE_URL, dataDir, sqliteSynchronous: 'FULL' });
}
