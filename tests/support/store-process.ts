import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PREBUILT_ENV, ROOT } from '../../scripts/service-process.js';
import { prebuiltOf } from './prebuilt.js';

export interface RunningStore {
  url: string;
  dataDir: string;
  /** Everything the store printed so far. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * The whole store started the README's way (`npm start`'s script), on free ports and a fresh data folder. When the
 * run has its builds (decision 023), the start script's own runs with node and starts the API's and the BFF's;
 * with `throughTsx`, `npm start` itself runs the sources as a shop's does.
 */
export function startStoreTheReadmeWay(
  env: Record<string, string> = {},
  { throughTsx = false } = {},
): Promise<RunningStore> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'store-e2e-'));
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !(throughTsx && name === PREBUILT_ENV)),
  );
  const startScript = throughTsx ? undefined : prebuiltOf('scripts/start.ts');
  const [program, args] = startScript ? [process.execPath, [startScript]] : ['npm', ['start']];
  // Its own process group, so stopping it stops npm, the start script and the API and BFF under it.
  const child: ChildProcess = spawn(program, args, {
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
