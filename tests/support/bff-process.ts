import { afterAll, beforeAll } from 'vitest';
import { startService, type RunningService } from '../../scripts/service-process.js';
import { startApi, type RunningApi } from './api-process.js';
import { prebuiltOf } from './prebuilt.js';
import { TEST_JWT_SECRET } from './store-api.js';

/** Starts the real BFF process (`bff/src/main.ts`) on a free port, in front of the API at `apiUrl`. */
export function startBff(
  apiUrl: string,
  env: Record<string, string> = {},
  nodeArgs?: string[],
): Promise<RunningService> {
  return startService({
    entry: 'bff/src/main.ts',
    prebuilt: prebuiltOf('bff/src/main.ts'),
    output: 'stderr',
    nodeArgs,
    env: { BFF_PORT: '0', API_URL: apiUrl, LOG_LEVEL: 'warn', NODE_ENV: 'test', ...env },
  });
}

export interface Store {
  api: RunningApi;
  bff: RunningService;
}

/** A real API (SQLite) and a BFF in front of it for the enclosing describe block. */
export function useStore(
  bffEnv: Record<string, string> = {},
  apiEnv: Record<string, string> = {},
): () => Store {
  let store: Store | undefined;
  beforeAll(async () => {
    const api = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ...apiEnv });
    store = { api, bff: await startBff(api.url, bffEnv) };
  });
  afterAll(async () => {
    await store?.bff.stop();
    await store?.api.stop();
  });
  return () => {
    if (!store) throw new Error('Store not started');
    return store;
  };
}
