import { randomBytes } from 'node:crypto';
import pg from 'pg';
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
