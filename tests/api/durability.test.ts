import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startApi } from '../support/api-process.js';
import { BACKENDS, freshDatabaseEnv, openStoreDatabase } from '../support/databases.js';
import { call } from '../support/http.js';
import { listProducts, signUp, TEST_JWT_SECRET, VALID_ADDRESS } from '../support/store-api.js';

describe.each(BACKENDS)('kill -9 during order writes on %s', (backend) => {
  it('keeps every order that was acknowledged', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-kill-'));
    const env = { JWT_SECRET: TEST_JWT_SECRET, ...(await freshDatabaseEnv(backend)) };
    const api = await startApi(env, dataDir);
    const shopper = await signUp(api.url);
    const shoe = (await listProducts(api.url))[0]!;
    const body = { address: VALID_ADDRESS, items: [{ _id: shoe._id, size: shoe.sizes[0], quantity: 1 }] };

    const acknowledged: string[] = [];
    let stop = false;
    // Eight shoppers' worth of concurrent placements, until the process dies under them.
    const writers = Array.from({ length: 8 }, async () => {
      while (!stop) {
        try {
          const res = await call(api.url, 'POST', '/api/order/place', body, { token: shopper.token });
          if (res.status === 201) acknowledged.push((res.body.order as { _id: string })._id);
        } catch {
          return; // connection refused or reset: the process is gone
        }
      }
    });
    // Killed once enough orders are acknowledged, not after a fixed time: a busy machine acknowledges fewer in it.
    await expect.poll(() => acknowledged.length, { timeout: 30_000, interval: 10 }).toBeGreaterThan(20);
    await api.kill();
    stop = true;
    await Promise.all(writers);
    expect(acknowledged.length).toBeGreaterThan(20);

    // Restarting runs recovery (WAL replay); then the database itself is asked, not the capped order history.
    const restarted = await startApi(env, dataDir);
    await restarted.stop();
    const store = openStoreDatabase(env, dataDir);
    try {
      const rows = await store.db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .select('orders.id')
        .where('users.email', '=', shopper.email)
        .execute();
      const stored = new Set(rows.map((row) => row.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
      expect(stored.size).toBeGreaterThanOrEqual(new Set(acknowledged).size);
    } finally {
      await store.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
