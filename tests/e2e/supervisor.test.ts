import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql } from '../support/graphql.js';
import { startStoreTheReadmeWay, type RunningStore } from '../support/store-process.js';

/**
 * The pid of the store's API process: the one running api/src/main.ts (or the run's build of it,
 * `api-src-main-<hash>.mjs`) with this store's data folder.
 */
function apiPidOf(dataDir: string): number | undefined {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
      if (/api[/-]src[/-]main\b/.test(cmdline) && environ.split('\0').includes(`DATA_DIR=${dataDir}`))
        return Number(entry);
    } catch {
      // The process ended while being read.
    }
  }
  return undefined;
}

const LOGIN = 'mutation($input: LoginInput!) { login(input: $input) { token } }';

// `npm start` keeps the store up: an API process killed with -9 is started again on its port, with its data.
describe('npm start when the API is killed with -9', () => {
  let store: RunningStore;
  beforeAll(async () => {
    store = await startStoreTheReadmeWay({ AUTH_RATE_LIMIT_MAX: '1000' });
  });
  afterAll(async () => {
    await store.stop();
  });

  it('starts it again, and the store answers with the same data', async () => {
    const account = { email: `supervised-${Date.now()}@example.com`, password: 'correct horse 1' };
    const registered = await gql(
      store.url,
      'mutation($input: RegisterInput!) { register(input: $input) { token } }',
      {
        input: { name: 'Asha', ...account },
      },
    );
    expect(registered.errors).toBeUndefined();
    const pid = apiPidOf(store.dataDir);
    expect(pid).toEqual(expect.any(Number));
    process.kill(pid!, 'SIGKILL');

    await expect
      .poll(
        async () =>
          (await gql<{ login: { token: string } }>(store.url, LOGIN, { input: account })).data?.login.token,
        {
          timeout: 30_000,
          interval: 500,
        },
      )
      .toEqual(expect.any(String));
    expect(apiPidOf(store.dataDir)).not.toBe(pid);
    expect(store.output()).toMatch(/The API stopped \(SIGKILL\); starting it again/);
  });
});

// `npm start` starts the API while it builds the web app: a build that fails stops the API it started.
describe('npm start when the web build fails', () => {
  it('stops the API it started meanwhile and exits, saying the build failed', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'store-failed-build-'));
    try {
      // The build's server half cannot be written where a file already is.
      writeFileSync(path.join(root, 'dist-server'), '');
      const dataDir = path.join(root, 'data');
      await expect(
        startStoreTheReadmeWay({ WEB_DIST: path.join(root, 'dist'), DATA_DIR: dataDir }),
      ).rejects.toThrow(/The web app's build failed \(exit code 1\): stopping\./);
      expect(apiPidOf(dataDir)).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
