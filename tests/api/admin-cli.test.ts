import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../support/api-process.js';
import { ADMIN, ADMIN_ENV, adminLogin, runShop } from '../support/back-office.js';
import { BACKENDS, freshDatabaseEnv, openStoreDatabase } from '../support/databases.js';
import { call } from '../support/http.js';
import { listProducts, signUp, TEST_JWT_SECRET, VALID_ADDRESS } from '../support/store-api.js';

// `npm run shop -- …`: the back office from a terminal, on the same configuration (and database) as the API.

describe.each(BACKENDS)('npm run shop on %s', (backend) => {
  let api: RunningApi;
  let env: Record<string, string>;
  beforeAll(async () => {
    const databaseEnv = await freshDatabaseEnv(backend);
    api = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ...ADMIN_ENV, ...databaseEnv });
    env = { ...databaseEnv, DATA_DIR: api.dataDir };
  });
  afterAll(async () => {
    await api.stop();
  });

  const place = async (token: string, index: number) => {
    const shoe = (await listProducts(api.url))[index]!;
    const res = await call(
      api.url,
      'POST',
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ _id: shoe._id, size: shoe.sizes[0], quantity: 2 }] },
      { token },
    );
    return (res.body.order as { _id: string })._id;
  };

  it('lists the orders newest first, and only those of one status with --status', async () => {
    const empty = await runShop(['orders'], env);
    expect(empty).toMatchObject({ code: 0, stdout: 'No orders yet.\n' });

    const shopper = await signUp(api.url, 'Meera Iyer');
    const older = await place(shopper.token, 0);
    const newer = await place(shopper.token, 1);
    const listed = await runShop(['orders'], env);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^DATE \(UTC\)\s+ORDER\s+STATUS\s+AMOUNT\s+ITEMS\s+SHOPPER$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(newer);
    expect(lines[2]).toContain(older);
    expect(lines[1]).toMatch(new RegExp(`Order Placed\\s+₹\\d+\\s+2\\s+Meera Iyer <${shopper.email}>, Bengaluru$`));

    await call(
      api.url,
      'POST',
      '/api/order/status',
      { orderId: older, status: 'Packing' },
      { headers: { token: await adminLogin(api.url) } },
    );
    const packing = await runShop(['orders', '--status', 'packing'], env);
    expect(
      packing.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((line) => line.includes(older)),
    ).toEqual([true]);
    expect(await runShop(['orders', '--status', 'Delivered'], env)).toMatchObject({
      code: 0,
      stdout: 'No orders with status Delivered.\n',
    });
  });

  it("moves an order, kept as the command line's change, and the shopper and the admin list see it", async () => {
    const shopper = await signUp(api.url);
    const orderId = await place(shopper.token, 2);
    const moved = await runShop(['status', orderId, 'shipped'], env);
    expect(moved).toMatchObject({ code: 0, stdout: `Order ${orderId}: Order Placed → Shipped\n` });
    expect(await runShop(['status', orderId, 'Shipped'], env)).toMatchObject({ code: 0, stdout: `Order ${orderId} is already Shipped\n` });

    const mine = await call(api.url, 'POST', '/api/order/userorders', {}, { token: shopper.token });
    expect((mine.body.orders as Array<{ _id: string; status: string }>).find((o) => o._id === orderId)?.status).toBe('Shipped');
    const all = await call(api.url, 'POST', '/api/order/list', {}, { headers: { token: await adminLogin(api.url) } });
    const order = (all.body.orders as Array<{ _id: string; statusHistory: Array<{ from: string; to: string; by: string }> }>).find(
      (o) => o._id === orderId,
    );
    expect(order?.statusHistory).toEqual([
      {
        from: 'Order Placed',
        to: 'Shipped',
        by: expect.stringMatching(/^command line \(.+\)$/) as unknown,
        at: expect.any(Number) as unknown,
      },
    ]);
  });

  it('prints a stored name and address that hold terminal escapes as escapes, never raw', async () => {
    const shopper = await signUp(api.url, 'Old Shopper');
    const orderId = await place(shopper.token, 3);
    // Written as an order from before names and addresses were checked: straight into the database.
    const database = openStoreDatabase(env, api.dataDir);
    try {
      const { db } = database;
      await db.updateTable('users').set({ name: 'Mallory\u001b[2K\rForged\u0007' }).where('email', '=', shopper.email).execute();
      const address = JSON.stringify({ ...VALID_ADDRESS, city: 'Pune\u001b[1A\u202eenuP\u0000' });
      await db.updateTable('orders').set({ address }).where('id', '=', orderId).execute();
    } finally {
      await database.destroy();
    }
    const listed = await runShop(['orders'], env);
    expect(listed.code).toBe(0);
    const line = listed.stdout.split('\n').find((l) => l.includes(orderId));
    expect(line).toContain(`Mallory\\x1b[2K\\x0dForged\\x07 <${shopper.email}>, Pune\\x1b[1A\\u202eenuP\\x00`);
    // Nothing a terminal would act on, but the line breaks between orders.
    expect(listed.stdout.replaceAll('\n', '')).not.toMatch(/[\p{Cc}\u202a-\u202e]/u);
  });

  it('refuses an unknown order or status, and a command it does not know, with a message and a failing exit code', async () => {
    expect(await runShop(['status', 'no-such-order', 'Shipped'], env)).toMatchObject({
      code: 1,
      stderr: 'Order not found for ID: no-such-order\n',
    });
    const lost = await runShop(['status', 'no-such-order', 'Lost'], env);
    expect(lost.code).toBe(2);
    expect(lost.stderr).toContain('Unknown status "Lost": use one of Order Placed, Packing, Shipped, Out for delivery, Delivered');
    const unknown = await runShop(['refund'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "refund".');
    expect(unknown.stderr).toContain('npm run shop -- status <orderId> "<status>"');
  });
});

describe('npm run shop -- admin-password', () => {
  it('prints a hash the API takes as ADMIN_PASSWORD_HASH', async () => {
    const password = 'a passphrase only the owner knows';
    const printed = await runShop(['admin-password'], {}, `${password}\n`);
    expect(printed.code).toBe(0);
    const hash = printed.stdout.trim();
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(printed.stderr).toContain('ADMIN_PASSWORD_HASH');

    const api = await startApi({ JWT_SECRET: TEST_JWT_SECRET, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD_HASH: hash });
    try {
      const token = await adminLogin(api.url, { email: ADMIN.email, password });
      expect(await call(api.url, 'POST', '/api/order/list', {}, { headers: { token } })).toMatchObject({ status: 200 });
      expect(await call(api.url, 'POST', '/api/user/admin', { email: ADMIN.email, password: `${password}!` })).toMatchObject({
        status: 401,
        body: { success: false, message: 'Invalid email or password' },
      });
    } finally {
      await api.stop();
    }
  });

  it('refuses a password shorter than 12 characters', async () => {
    const short = await runShop(['admin-password'], {}, 'too short\n');
    expect(short.code).toBe(2);
    expect(short.stdout).toBe('');
    expect(short.stderr).toContain('The password must be at least 12 characters.');
  });
});
