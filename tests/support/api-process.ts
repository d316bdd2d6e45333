import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startService } from '../../scripts/service-process.js';
import { prebuiltOf } from './prebuilt.js';

export interface RunningApi {
  url: string;
  dataDir: string;
  /** The process id, for measuring it from outside (memory, CPU). */
  pid: number;
  /** Graceful stop (SIGTERM), waiting for the process to exit; removes a data folder it made. */
  stop(): Promise<void>;
  /** kill -9, waiting for the process to exit. */
  kill(): Promise<void>;
}

/** Starts the real API process (`api/src/main.ts`) on a free port with its own data folder. */
export async function startApi(
  env: Record<string, string> = {},
  dataDir?: string,
  nodeArgs?: string[],
): Promise<RunningApi> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'store-api-'));
  const service = await startService({
    entry: 'api/src/main.ts',
    prebuilt: prebuiltOf('api/src/main.ts'),
    output: 'stderr',
    nodeArgs,
    env: { API_PORT: '0', DATA_DIR: dir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000', ...env },
  });
  return {
    url: service.url,
    dataDir: dir,
    pid: service.child.pid!,
    stop: async () => {
      await service.stop();
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
    kill: () => service.kill(),
  };
}
