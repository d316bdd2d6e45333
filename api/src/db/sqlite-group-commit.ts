import type { Database as Sqlite, Statement } from 'better-sqlite3';
import { CompiledQuery, SqliteDialect, type DatabaseConnection, type Driver, type QueryResult } from 'kysely';

// Kysely's SQLite driver commits (and, with `synchronous = FULL`, fsyncs) every write on its own, on the event loop.
// This one commits the writes of one event-loop turn together and answers each once that commit is done, so an
// acknowledged write is as durable; it also prepares each SQL text once (docs/decisions/012-password-hashing.md).
// Explicit transactions run alone; a read waits for the turn's commit; a failed statement fails alone.

/** Distinct SQL texts kept prepared; past it, the oldest are dropped. */
const STATEMENT_CACHE_SIZE = 1_000;

interface Deferred {
  promise: Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A commit nobody waits for (every write of the turn already failed) must not be an unhandled rejection.
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}

export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #sqlite: Sqlite;

  constructor(sqlite: Sqlite) {
    super({ database: sqlite });
    this.#sqlite = sqlite;
  }

  override createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.#sqlite);
  }
}

class GroupCommitSqliteDriver implements Driver {
  readonly #sqlite: Sqlite;
  readonly #statements = new Map<string, Statement>();
  #batch: Deferred | undefined;
  /** An explicit transaction in progress: everything else waits for it. */
  #transaction: Deferred | undefined;

  constructor(sqlite: Sqlite) {
    this.#sqlite = sqlite;
  }

  async init(): Promise<void> {}

  acquireConnection(): Promise<DatabaseConnection> {
    return Promise.resolve(new GroupCommitConnection(this));
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    while (this.#transaction) await this.#transaction.promise;
    this.#transaction = deferred();
    if (connection instanceof GroupCommitConnection) connection.inTransaction = true;
    this.commitBatch();
    // Immediate: a deferred transaction's snapshot can go stale under another process (the shop's command line), and
    // its first write then fails with SQLITE_BUSY_SNAPSHOT, which no waiting resolves.
    this.#sqlite.exec('begin immediate');
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return new Promise((resolve) => {
      this.#endTransaction(connection, 'commit');
      resolve();
    });
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return new Promise((resolve) => {
      this.#endTransaction(connection, 'rollback');
      resolve();
    });
  }

  async savepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`savepoint "${name}"`));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`rollback to "${name}"`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(`release "${name}"`));
  }

  async releaseConnection(): Promise<void> {}

  destroy(): Promise<void> {
    this.commitBatch();
    this.#sqlite.close();
    return Promise.resolve();
  }

  #endTransaction(connection: DatabaseConnection, command: 'commit' | 'rollback'): void {
    // Already ended (a failed commit is rolled back at once, before Kysely asks for the rollback).
    if (!(connection instanceof GroupCommitConnection) || !connection.inTransaction) return;
    try {
      this.#sqlite.exec(command);
    } catch (error) {
      if (this.#sqlite.inTransaction) this.#sqlite.exec('rollback');
      throw error;
    } finally {
      connection.inTransaction = false;
      const transaction = this.#transaction;
      this.#transaction = undefined;
      transaction?.resolve();
    }
  }

  // Each wait below is a loop whose last check and the statement run in the same synchronous step: nothing can begin
  // a transaction between them.

  async read<T>(run: () => T): Promise<T> {
    for (;;) {
      if (this.#transaction) await this.#transaction.promise;
      else if (this.#batch) await this.#batch.promise.catch(() => undefined);
      else return run();
    }
  }

  statement(sql: string): Statement {
    let statement = this.#statements.get(sql);
    if (statement === undefined) {
      statement = this.#sqlite.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE)
        this.#statements.delete(this.#statements.keys().next().value!);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Resolves once this turn's transaction is committed. */
  async write<T>(run: () => T): Promise<T> {
    // Not inside another's explicit transaction: its statements are not ours to mix with.
    while (this.#transaction) await this.#transaction.promise;
    if (!this.#batch) {
      this.#sqlite.exec('begin immediate');
      this.#batch = deferred();
      setImmediate(() => this.commitBatch());
    }
    const batch = this.#batch;
    let result: T;
    try {
      result = run();
    } catch (error) {
      // An error that ended the transaction (a full disk, an I/O error) takes the turn's other writes with it.
      if (!this.#sqlite.inTransaction) this.#failBatch(error);
      throw error;
    }
    await batch.promise;
    return result;
  }

  /** One fsync for all of the turn's writes. */
  commitBatch(): void {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = undefined;
    try {
      this.#sqlite.exec('commit');
      batch.resolve();
    } catch (error) {
      if (this.#sqlite.inTransaction) this.#sqlite.exec('rollback');
      batch.reject(error);
    }
  }

  #failBatch(error: unknown): void {
    const batch = this.#batch;
    this.#batch = undefined;
    batch?.reject(error);
  }
}

class GroupCommitConnection implements DatabaseConnection {
  readonly #driver: GroupCommitSqliteDriver;
  /** Set while this connection runs an explicit transaction: its statements run as they come. */
  inTransaction = false;

  constructor(driver: GroupCommitSqliteDriver) {
    this.#driver = driver;
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiledQuery;
    const statement = this.#driver.statement(sql);
    if (this.inTransaction) return execute<R>(statement, parameters);
    if (statement.readonly) return this.#driver.read(() => execute<R>(statement, parameters));
    return this.#driver.write(() => execute<R>(statement, parameters));
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const statement = this.#driver.statement(compiledQuery.sql);
    if (!statement.reader) throw new Error('The SQLite driver streams only queries that return rows');
    // Read whole, not iterated: an open iterator would make the connection refuse every other statement meanwhile,
    // and nothing here holds the connection for one caller.
    const rows = this.inTransaction
      ? statement.all(...compiledQuery.parameters)
      : await this.#driver.read(() => statement.all(...compiledQuery.parameters));
    for (const row of rows) yield { rows: [row as R] };
  }
}

function execute<R>(statement: Statement, parameters: readonly unknown[]): QueryResult<R> {
  if (statement.reader) return { rows: statement.all(...parameters) as R[] };
  const { changes, lastInsertRowid } = statement.run(...parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}
