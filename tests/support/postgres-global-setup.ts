import type { TestProject } from 'vitest/node';
import { startPostgres } from '../../scripts/postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string;
  }
}

// One real PostgreSQL server for the run; each test file creates its own fresh database on it.
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  project.provide('postgresAdminUrl', server.adminUrl);
  return () => server.stop();
}
