import { describe, expect, it } from 'vitest';
import { startApi } from '../support/api-process.js';
import { startBff } from '../support/bff-process.js';
import { openStoreDatabase } from '../support/databases.js';
import { printLoadReport, runShoppers, verifyAgainstDatabase } from '../support/shoppers.js';
import { TEST_JWT_SECRET } from '../support/store-api.js';

const TIMEOUT_MS = 1000;
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the API killed and restarted under load', () => {
  it('is answered UPSTREAM_UNAVAILABLE quickly, never hangs, recovers by itself and loses no acknowledged order', async () => {
    const env = { JWT_SECRET: TEST_JWT_SECRET, AUTH_RATE_LIMIT_MAX: '100000' };
    let api = await startApi(env);
    const port = new URL(api.url).port;
    const dataDir = api.dataDir;
    // A short catalogue TTL, so browsing notices the outage too (and then keeps the last catalogue).
    const bff = await startBff(api.url, {
      NODE_ENV: 'production',
      API_TIMEOUT_MS: String(TIMEOUT_MS),
      CATALOG_TTL_MS: '200',
    });
    try {
      // The API dies once an order has been acknowledged (at 3 s at the earliest): on a slow machine the first
      // orders take longer, and an outage before any order would test nothing of what it must not lose.
      let ordered: () => void = () => undefined;
      const firstOrder = new Promise<void>((resolve) => (ordered = resolve));
      const load = runShoppers(bff.url, 20, 12_000, { onOrder: () => ordered() });
      await Promise.all([wait(3000), firstOrder]);
      await api.kill();
      await wait(2000);
      api = await startApi({ ...env, API_PORT: port }, dataDir);
      const result = await load;
      const store = openStoreDatabase({}, dataDir);
      try {
        const verdict = await verifyAgainstDatabase(result, store.db);
        printLoadReport(result, verdict);
        expect(result.serverErrors).toBe(0);
        expect(result.errorCodes.UPSTREAM_UNAVAILABLE ?? 0).toBeGreaterThan(0);
        expect(
          Object.keys(result.errorCodes).filter(
            (c) => !['UPSTREAM_UNAVAILABLE', 'BAD_USER_INPUT'].includes(c),
          ),
        ).toEqual([]);
        // No request waited much past the BFF's deadline.
        expect(Math.max(...result.latenciesMs)).toBeLessThan(TIMEOUT_MS + 2000);
        expect(verdict.acknowledgedOrders).toBeGreaterThan(0);
        expect(verdict.lostOrders).toEqual([]);
        expect(verdict.duplicatedKeys).toEqual([]);
      } finally {
        await store.destroy();
      }
      // Recovered by itself: the same BFF reaches the restarted API.
      const after = await fetch(new URL('/graphql', bff.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          query:
            'mutation { login(input: { email: "nobody@example.com", password: "whatever1" }) { token } }',
        }),
      });
      const body = (await after.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
      expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    } finally {
      await bff.stop();
      await api.stop();
    }
  }, 60_000);
});
