import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema.js';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.js';

export type Dialect = 'sqlite' | 'postgres';

export interface StoreDatabase {
  db: Kysely<Database>;
  dialect: Dialect;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  /** `postgres://…` for PostgreSQL, `sqlite:<file>` or nothing for the embedded default. */
  url: string | undefined;
  dataDir: string;
  /** FULL survives a power cut; NORMAL (in WAL mode) survives a killed process. */
  sqliteSynchronous: 'NORMAL' | 'FULL';
}

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/** An existing file with a wider mode (644) is narrowed to the owner alone. */
function narrow(file: string): void {
  if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, PRIVATE_FILE);
}

/**
 * The SQLite file holds password hashes and addresses: it is made readable by the store's user alone (600), in a
 * folder made 700 when the store makes it. SQLite gives the -wal and -shm files it makes the database file's mode.
 */
function privateSqliteFile(file: string): string {
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_DIR });
  closeSync(openSync(file, 'a', PRIVATE_FILE));
  for (const made of [file, `${file}-wal`, `${file}-shm`]) narrow(made);
  return file;
}

export function openDatabase(options: DatabaseOptions): StoreDatabase {
  if (options.url?.startsWith('postgres')) {
    const { url } = options;
    // Loaded when first connecting: a store on SQLite never loads the PostgreSQL driver (a tenth of a start).
    const pool = async () => {
      const { default: pg } = await import('pg');
      // bigint columns (millisecond dates) come back as strings; they fit a JS number for millennia.
      pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
      return new pg.Pool({ connectionString: url, max: 10 });
    };
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', destroy: () => db.destroy() };
  }
  const file = options.url?.startsWith('sqlite:')
    ? options.url.slice('sqlite:'.length)
    : path.join(options.dataDir, 'store.sqlite');
  const sqlite = new SqliteDatabase(file === ':memory:' ? file : privateSqliteFile(file));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`synchronous = ${options.sqliteSynchronous}`);
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // The writes of one turn of the event loop share one commit (one fsync): see sqlite-group-commit.ts.
  const db = new Kysely<Database>({ dialect: new GroupCommitSqliteDialect(sqlite) });
  return { db, dialect: 'sqlite', destroy: () => db.destroy() };
}
