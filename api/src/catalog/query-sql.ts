import type { Dialect } from '../db/database.js';
import { postgresSql } from './query-sql-postgres.js';
import type { QuerySql } from './query-sql-shared.js';
import { sqliteSql } from './query-sql-sqlite.js';

// The SQL behind GET /api/product/query. Plain Kysely where both databases agree (query-sql-shared.ts); where they
// do not (each one's own full-text engine, and a plan SQLite's planner gets wrong), the dialect's code is in its own
// module and nowhere else.

export function querySqlFor(dialect: Dialect): QuerySql {
  return dialect === 'sqlite' ? sqliteSql : postgresSql;
}
