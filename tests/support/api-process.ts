import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface RunningApi {
  url: string;
  dataDir: string;
  /** Graceful stop (SIGTERM), waiting for the process to exit. */
  stop(): Promise<void>;
  /** kill -9, waiting for the process to exit. */
  kill(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Starts the real API process (`api/src/main.ts`) on a free port with its own data folder. */
export async function startApi(env: Record<string, string> = {}, dataDir?: string): Promise<RunningApi> {
  const dir = dataDir ?? mkdtempSync(path.join(tmpdir(), 'store-api-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      API_PORT: '0',
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForUrl(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return {
    url,
    dataDir: dir,
    stop: async () => {
      await end('SIGTERM');
      if (!dataDir) rmSync(dir, { recursive: true, force: true });
    },
    kill: () => end('SIGKILL'),
  };
}

function waitForUrl(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`API did not start in time:\n${output}`));
    }, 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`API exited with ${String(code)} before listening:\n${output}`));
    });
  });
}
