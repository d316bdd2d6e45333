import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type RunningApi } from '../support/api-process.js';
import { ADMIN, ADMIN_ENV, adminLogin, runShop } from '../support/back-office.js';
import { BACKENDS, freshDatabaseEnv, openStoreDatabase } from '../support/databases.js';
import { call } from '../support/http.js';
import { readStockRows, setStockRows, stockKey } from '../support/stock-rows.js';
import {
  listProducts,
  signUp,
  TEST_JWT_SECRET,
  VALID_ADDRESS,
  type CatalogProduct,
} from '../support/store-api.js';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

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
    // Through npm once, as the README says to run it.
    const empty = await runShop(['orders'], env, undefined, 'npm');
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
    expect(lines[1]).toMatch(
      new RegExp(`Order Placed\\s+₹\\d+\\s+2\\s+Meera Iyer <${shopper.email}>, Bengaluru$`),
    );

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
    expect(await runShop(['status', orderId, 'Shipped'], env)).toMatchObject({
      code: 0,
      stdout: `Order ${orderId} is already Shipped\n`,
    });

    const mine = await call(api.url, 'POST', '/api/order/userorders', {}, { token: shopper.token });
    expect(
      (mine.body.orders as Array<{ _id: string; status: string }>).find((o) => o._id === orderId)?.status,
    ).toBe('Shipped');
    const all = await call(
      api.url,
      'POST',
      '/api/order/list',
      {},
      { headers: { token: await adminLogin(api.url) } },
    );
    const order = (
      all.body.orders as Array<{
        _id: string;
        statusHistory: Array<{ from: string; to: string; by: string }>;
      }>
    ).find((o) => o._id === orderId);
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
      await db
        .updateTable('users')
        .set({ name: 'Mallory\u001b[2K\rForged\u0007' })
        .where('email', '=', shopper.email)
        .execute();
      const address = JSON.stringify({ ...VALID_ADDRESS, city: 'Pune\u001b[1A\u202eenuP\u0000' });
      await db.updateTable('orders').set({ address }).where('id', '=', orderId).execute();
    } finally {
      await database.destroy();
    }
    const listed = await runShop(['orders'], env);
    expect(listed.code).toBe(0);
    const line = listed.stdout.split('\n').find((l) => l.includes(orderId));
    expect(line).toContain(
      `Mallory\\x1b[2K\\x0dForged\\x07 <${shopper.email}>, Pune\\x1b[1A\\u202eenuP\\x00`,
    );
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
    expect(lost.stderr).toContain(
      'Unknown status "Lost": use one of Order Placed, Packing, Shipped, Out for delivery, Delivered, Cancelled',
    );
    const unknown = await runShop(['refund'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown command "refund".');
    expect(unknown.stderr).toContain('npm run shop -- status <orderId> "<status>"');
  });

  it('sets the pairs on hand of one size from the terminal, or stops counting it, and the API shows it', async () => {
    const shoe = (await listProducts(api.url))[10]!;
    const [first, second] = shoe.sizes as [string, string];
    const set = await runShop(['stock', shoe._id, first, '2'], env);
    const others = shoe.sizes.slice(1).map((size) => `${size}: not counted`);
    expect(set).toMatchObject({
      code: 0,
      stdout: `${shoe.name} (${shoe._id}): ${[`${first}: 2`, ...others].join(', ')}\nWhat shoppers see of it changed.\n`,
    });
    const single = async () =>
      (await call(api.url, 'POST', '/api/product/single', { productId: shoe._id })).body.product as {
        lowStock?: unknown;
      };
    expect((await single()).lowStock).toEqual({ [first]: 2 });

    // Plenty of a size: counted, and nothing shoppers see changes.
    const plenty = await runShop(['stock', shoe._id, second, '30'], env);
    expect(plenty.code).toBe(0);
    expect(plenty.stdout).toContain(`${second}: 30`);
    expect(plenty.stdout).not.toContain('What shoppers see');

    const untracked = await runShop(['stock', shoe._id, first, 'untracked'], env);
    expect(untracked.code).toBe(0);
    expect(untracked.stdout).toContain(`${first}: not counted`);
    expect(await single()).not.toHaveProperty('lowStock');
  });

  it('lists the sizes running out, lowest first, and with a threshold more of them', async () => {
    const products = await listProducts(api.url);
    const [a, b] = [products[11]!, products[12]!];
    const line = (count: number, size: string, shoe: CatalogProduct) =>
      new RegExp(`^${count}\\s+${escape(size)}\\s+${shoe._id}\\s+${escape(shoe.name)}$`, 'm');
    expect(await runShop(['stock', '--low', '0'], env)).toMatchObject({
      code: 0,
      stdout: 'No counted size has 0 pairs or fewer left.\n',
    });
    // Side by side, as three terminals would: each is one transaction of its own.
    const runs = await Promise.all([
      runShop(['stock', a._id, a.sizes[0]!, '3'], env, undefined, 'process'),
      runShop(['stock', b._id, b.sizes[0]!, '1'], env, undefined, 'process'),
      runShop(['stock', b._id, b.sizes[1]!, '6'], env, undefined, 'process'),
    ]);
    expect(runs.map(({ code, stderr }) => ({ code, stderr }))).toEqual(
      Array(3).fill({ code: 0, stderr: '' }),
    );
    const low = await runShop(['stock', '--low'], env);
    expect(low.code).toBe(0);
    const lines = low.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^LEFT\s+SIZE\s+PRODUCT\s+NAME$/);
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(line(1, b.sizes[0]!, b));
    expect(lines[2]).toMatch(line(3, a.sizes[0]!, a));
    const wider = await runShop(['stock', '--low', '6'], env);
    expect(wider.stdout.trim().split('\n')).toHaveLength(4);
    expect(wider.stdout).toMatch(line(6, b.sizes[1]!, b));
  });

  it('refuses a count that is not a whole number of pairs, an unknown product or size, and changes nothing', async () => {
    const shoe = (await listProducts(api.url))[13]!;
    const badCounts = [
      ['-1', 'count cannot be negative (got "-1")'],
      ['2.5', 'count must be a whole number (got "2.5")'],
      ['lots', 'count must be a number (got "lots")'],
      ['100001', 'count cannot be more than 100000 (got "100001")'],
    ] as const;
    // Each refusal changes nothing.
    const [noProduct, noSize, noCount, ...refusals] = await Promise.all([
      runShop(['stock', 'no-such-shoe', 'UK 8', '1'], env),
      runShop(['stock', shoe._id, 'UK 99', '1'], env),
      runShop(['stock', shoe._id, shoe.sizes[0]!], env),
      ...badCounts.map(([count]) => runShop(['stock', shoe._id, shoe.sizes[0]!, count], env)),
    ]);
    badCounts.forEach(([count, message], i) => {
      const refused = refusals[i]!;
      expect(refused.code, count).toBe(2);
      expect(refused.stderr).toContain(message);
      expect(refused.stderr).toContain('npm run shop -- stock <productId> "<size>" <count|untracked>');
    });
    expect(noProduct).toMatchObject({ code: 1, stderr: 'Product not found for ID: no-such-shoe\n' });
    expect(noSize.code).toBe(1);
    expect(noSize.stderr).toContain(`${shoe.name} has no size "UK 99"`);
    expect(noCount.code).toBe(2);
    const single = await call(api.url, 'POST', '/api/product/single', { productId: shoe._id });
    expect(single.body.product).not.toHaveProperty('lowStock');
    expect((await runShop(['stock', '--low', '100000'], env)).stdout).not.toContain(shoe._id);
  });

  it('cancels an order until it ships, putting its pairs back, and refuses a move the table does not allow', async () => {
    const shopper = await signUp(api.url);
    const shoe = (await listProducts(api.url))[14]!;
    const size = shoe.sizes[0]!;
    const database = openStoreDatabase(env, api.dataDir);
    try {
      await setStockRows(database.db, [{ productId: shoe._id, size, quantity: 5 }]);
      const placed = await call(
        api.url,
        'POST',
        '/api/order/place',
        { address: VALID_ADDRESS, items: [{ _id: shoe._id, size, quantity: 2 }] },
        { token: shopper.token },
      );
      const orderId = (placed.body.order as { _id: string })._id;
      expect((await readStockRows(database.db)).get(stockKey(shoe._id, size))).toBe(3);
      expect(await runShop(['status', orderId, 'cancelled'], env)).toMatchObject({
        code: 0,
        stdout: `Order ${orderId}: Order Placed → Cancelled\n`,
      });
      expect((await readStockRows(database.db)).get(stockKey(shoe._id, size))).toBe(5);
      expect(await runShop(['status', orderId, 'Packing'], env)).toMatchObject({
        code: 1,
        stderr: 'This order was cancelled: it cannot change any more.\n',
      });
    } finally {
      await database.destroy();
    }
  }, 120_000);

  it('lists the return and exchange requests newest first, and approves, refuses, receives and closes them', async () => {
    const shopper = await signUp(api.url, 'Nikhil Das');
    const shoe = (await listProducts(api.url))[15]!;
    const [size, wanted] = shoe.sizes as [string, string];
    const admin = { headers: { token: await adminLogin(api.url) } };
    expect(await runShop(['returns'], env)).toMatchObject({
      code: 0,
      stdout: 'No return or exchange requests yet.\n',
    });
    const placed = await call(
      api.url,
      'POST',
      '/api/order/place',
      { address: VALID_ADDRESS, items: [{ _id: shoe._id, size, quantity: 2 }] },
      { token: shopper.token },
    );
    const orderId = (placed.body.order as { _id: string })._id;
    await call(api.url, 'POST', '/api/order/status', { orderId, status: 'Delivered' }, admin);
    const ask = async (body: Record<string, unknown>) => {
      const res = await call(
        api.url,
        'POST',
        '/api/order/return',
        { orderId, productId: shoe._id, size, quantity: 1, ...body },
        { token: shopper.token },
      );
      expect(res.status).toBe(201);
      return (res.body.order as { returns: Array<{ _id: string }> }).returns.at(-1)!._id;
    };
    const returned = await ask({ kind: 'return', reason: 'Arrived damaged' });
    const exchanged = await ask({ kind: 'exchange', reason: 'Does not fit', exchangeSize: wanted });

    const listed = await runShop(['returns'], env);
    expect(listed.code).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines[0]).toMatch(
      /^DATE \(UTC\)\s+REQUEST\s+STATUS\s+KIND\s+QTY\s+SIZE\s+ORDER\s+SHOPPER: REASON$/,
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(exchanged);
    expect(lines[1]).toContain(`${size} → ${wanted}`);
    expect(lines[1]).toMatch(
      new RegExp(`Requested\\s+exchange\\s+1\\s+.*Nikhil Das <${shopper.email}>: Does not fit$`),
    );
    expect(lines[2]).toContain(returned);

    expect(await runShop(['return', returned, 'refuse'], env)).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^Return refused: .* is now Refused\n$/) as string,
    });
    expect(await runShop(['return', returned, 'refuse'], env)).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^The return is already Refused/) as string,
    });
    // These change nothing.
    const [refusedOnly, requestedOnly, noRequest, unknown, badStatus] = await Promise.all([
      runShop(['returns', '--status', 'refused'], env),
      runShop(['returns', '--status', 'Requested'], env),
      runShop(['return', 'no-such-request', 'close'], env),
      runShop(['return', exchanged, 'refund'], env),
      runShop(['returns', '--status', 'Lost'], env),
    ]);
    expect(refusedOnly).toMatchObject({ code: 0, stdout: expect.stringContaining(returned) as string });
    expect(requestedOnly.stdout).not.toContain(returned);
    expect(requestedOnly.stdout).toContain(exchanged);
    expect(noRequest).toMatchObject({ code: 1, stderr: 'Return not found for ID: no-such-request\n' });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Unknown action "refund": use one of approve, refuse, received, close');
    expect(badStatus.code).toBe(2);
    expect(badStatus.stderr).toContain('Unknown return status "Lost"');

    for (const action of ['approve', 'received', 'close']) {
      expect((await runShop(['return', exchanged, action], env)).code, action).toBe(0);
    }
    const shopView = await call(api.url, 'POST', '/api/order/returns', { status: 'Closed' }, admin);
    const closed = (shopView.body.returns as Array<{ _id: string; history: Array<{ by: string }> }>).find(
      (r) => r._id === exchanged,
    )!;
    expect(closed.history).toHaveLength(3);
    expect(closed.history.every((h) => h.by.startsWith('command line ('))).toBe(true);

    expect(await runShop(['return', exchanged, 'approve'], env)).toMatchObject({
      code: 1,
      stderr: 'Only a Requested request can be approved: this one is Closed.\n',
    });
  }, 120_000);
});

describe('npm run shop -- admin-password', () => {
  it('prints a hash the API takes as ADMIN_PASSWORD_HASH', async () => {
    const password = 'a passphrase only the owner knows';
    const printed = await runShop(['admin-password'], {}, `${password}\n`);
    expect(printed.code).toBe(0);
    const hash = printed.stdout.trim();
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(printed.stderr).toContain('ADMIN_PASSWORD_HASH');

    const api = await startApi({
      JWT_SECRET: TEST_JWT_SECRET,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD_HASH: hash,
    });
    try {
      const token = await adminLogin(api.url, { email: ADMIN.email, password });
      expect(await call(api.url, 'POST', '/api/order/list', {}, { headers: { token } })).toMatchObject({
        status: 200,
      });
      expect(
        await call(api.url, 'POST', '/api/user/admin', { email: ADMIN.email, password: `${password}!` }),
      ).toMatchObject({
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
