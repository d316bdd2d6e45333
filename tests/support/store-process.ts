import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PREBUILT_ENV, ROOT } from '../../scripts/service-process.js';

export interface RunningStore {
  url: string;
  dataDir: string;
  /** Everything the store printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The whole store started the README's way (`npm start`), on free ports and a fresh data folder. It runs the
 * run's builds of the API and BFF when the run has them (decision 023), or with `throughTsx` the sources as a
 * shop's does.
 */
export function startStoreTheReadmeWay(
  env: Record<string, string> = {},
  { throughTsx = false } = {},
): Promise<RunningStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !(throughTsx && name === PREBUILT_ENV)),
  );
  // Its own process group, so stopping it stops npm, the start script and the API and BFF under it.
  const child: ChildProcess = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    env: { ...inherited, API_PORT: '0', BFF_PORT: '0', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`npm start did not print the store's URL in time:\n${output}`));
    }, 240_000);
    const scan = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /The store is open at (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], dataDir, stop, output: () => output });
      }
    };
    child.stdout?.on('data', scan);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with ${String(code)}:\n${output}`));
    });
  });
}
