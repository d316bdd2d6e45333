import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GroupCommitSqliteDialect } from './sqlite-group-commit.js';

interface Tables {
  notes: { id: number; body: string };
}

describe('SQLite group commit', () => {
  let dir = '';
  let db: Kysely<Tables>;
  /** A second connection to the same file: it sees only what is committed, and counts commits. */
  let observer: SqliteDatabase.Database;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'group-commit-'));
    const file = path.join(dir, 'test.sqlite');
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    db = new Kysely<Tables>({ dialect: new GroupCommitSqliteDialect(sqlite) });
    await db.schema
      .createTable('notes')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('body', 'text', (c) => c.notNull())
      .execute();
    observer = new SqliteDatabase(file, { readonly: true });
  });

  afterEach(async () => {
    observer.close();
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  const committedIds = () =>
    (observer.prepare('select id from notes order by id').all() as Array<{ id: number }>).map(
      (row) => row.id,
    );
  const commits = () => observer.pragma('data_version', { simple: true }) as number;
  const insert = (id: number) =>
    db
      .insertInto('notes')
      .values({ id, body: `note ${id}` })
      .execute();

  it('commits the writes of one turn together, and answers each only once it is committed', async () => {
    const before = commits();
    const writes = Array.from({ length: 50 }, (_, i) =>
      insert(i + 1).then(() => committedIds().includes(i + 1)),
    );
    // Every write, when answered, was already visible to another connection: committed.
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 50 }, () => true));
    expect(committedIds()).toHaveLength(50);
    // Fifty writes, one commit.
    expect(commits() - before).toBe(1);
  });

  it('a failing write fails alone; the others of its turn are committed', async () => {
    await insert(1);
    const results = await Promise.allSettled([insert(2), insert(1), insert(3)]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(committedIds()).toEqual([1, 2, 3]);
  });

  it('a read never sees a write that is not committed yet', async () => {
    const write = insert(7);
    const read = db
      .selectFrom('notes')
      .select('id')
      .execute()
      .then((rows) => ({ rows: rows.map((row) => row.id), committed: committedIds() }));
    const { rows, committed } = await read;
    await write;
    expect(rows).toEqual([7]);
    expect(committed).toEqual([7]);
  });

  it('an explicit transaction runs alone, after the turn’s writes are committed; a rollback leaves nothing', async () => {
    const early = insert(1);
    const transaction = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 2, body: 'in the transaction' }).execute();
      // Written outside while the transaction is open: it waits for the transaction to end.
      const outside = insert(3);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(committedIds()).toEqual([1]);
      await trx.insertInto('notes').values({ id: 4, body: 'also in it' }).execute();
      // Wrapped: returning the promise itself would make the transaction wait for it.
      return { outside };
    });
    await early;
    await (
      await transaction
    ).outside;
    expect(committedIds()).toEqual([1, 2, 3, 4]);

    await expect(
      db.transaction().execute(async (trx) => {
        await trx.insertInto('notes').values({ id: 5, body: 'rolled back' }).execute();
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect(committedIds()).toEqual([1, 2, 3, 4]);
    await insert(6);
    expect(committedIds()).toEqual([1, 2, 3, 4, 6]);
  });

  it('a transaction that reads and then writes is not undone by another process writing in between', async () => {
    await insert(1);
    // Another process on the same file (the back office's command line beside the API), impatient.
    const other = new SqliteDatabase(path.join(dir, 'test.sqlite'));
    other.pragma('busy_timeout = 50');
    try {
      const written = db.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('notes').select('id').execute();
        let otherWrote = true;
        try {
          other.prepare("insert into notes (id, body) values (2, 'from the other process')").run();
        } catch {
          otherWrote = false;
        }
        // A deferred transaction read a snapshot the other write made stale: its own write would fail at once.
        await trx
          .insertInto('notes')
          .values({ id: 3, body: `after ${before.length}` })
          .execute();
        return otherWrote;
      });
      // The transaction holds the write lock from its start, so the other process waited and gave up instead.
      await expect(written).resolves.toBe(false);
      expect(committedIds()).toEqual([1, 3]);
    } finally {
      other.close();
    }
  });
});
