import { describe, expect, it } from 'vitest';
import { startApi } from '../support/api-process.js';
import { startBff } from '../support/bff-process.js';
import { openStoreDatabase } from '../support/databases.js';
import { printLoadReport, runShoppers, verifyAgainstDatabase } from '../support/shoppers.js';
import { TEST_JWT_SECRET } from '../support/store-api.js';

// The small version of `npm run bench:load`: 30 shoppers for 10 s through the BFF, then the database is asked.
describe('under load', () => {
  it('answers no 5xx and loses or duplicates no order; every cart is what its shopper was told', async () => {
    const env = { JWT_SECRET: TEST_JWT_SECRET, AUTH_RATE_LIMIT_MAX: '100000' };
    const api = await startApi(env);
    const bff = await startBff(api.url, { NODE_ENV: 'production' });
    try {
      const result = await runShoppers(bff.url, 30, 10_000);
      const store = openStoreDatabase({}, api.dataDir);
      try {
        const verdict = await verifyAgainstDatabase(result, store.db);
        printLoadReport(result, verdict);
        expect(result.serverErrors).toBe(0);
        expect(Object.keys(result.errorCodes).filter((code) => code !== 'BAD_USER_INPUT')).toEqual([]);
        expect(verdict.acknowledgedOrders).toBeGreaterThan(0);
        expect(verdict.lostOrders).toEqual([]);
        expect(verdict.duplicatedKeys).toEqual([]);
        expect(verdict.unacknowledgedOrders).toBe(0);
        expect(verdict.cartMismatches).toEqual([]);
      } finally {
        await store.destroy();
      }
    } finally {
      await bff.stop();
      await api.stop();
    }
  }, 60_000);
});
