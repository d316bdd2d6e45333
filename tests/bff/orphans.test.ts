import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/service-process.js';

// `npm start` runs the API and the BFF as children. If the parent is killed with -9 it cannot stop them; they
// notice they were orphaned and stop themselves, so the ports are free for the next start.
const PARENT = `
import { startService } from './scripts/service-process.ts';
const dataDir = process.argv[1];
const api = await startService({ entry: 'api/src/main.ts', output: 'stderr', env: { API_PORT: '0', DATA_DIR: dataDir } });
const bff = await startService({ entry: 'bff/src/main.ts', output: 'stderr', env: { BFF_PORT: '0', API_URL: api.url } });
console.log(JSON.stringify({ api: api.url, bff: bff.url }));
`;

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

describe('a parent killed with -9', () => {
  it('leaves no API or BFF process behind', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-orphans-'));
    const parent = spawn(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', PARENT, dataDir],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    try {
      const urls = await new Promise<{ api: string; bff: string }>((resolve, reject) => {
        let output = '';
        parent.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const line = output.split('\n').find((l) => l.startsWith('{'));
          if (line) resolve(JSON.parse(line) as { api: string; bff: string });
        });
        parent.once('exit', () => reject(new Error(`parent exited early: ${output}`)));
      });
      expect(await answers(`${urls.api}/api/health`)).toBe(true);
      expect(await answers(`${urls.bff}/healthz`)).toBe(true);
      parent.kill('SIGKILL');
      await expect
        .poll(
          async () => (await answers(`${urls.api}/api/health`)) || (await answers(`${urls.bff}/healthz`)),
          {
            timeout: 10_000,
            interval: 250,
          },
        )
        .toBe(false);
    } finally {
      parent.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
