import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startApi } from '../support/api-process.js';
import { startBff } from '../support/bff-process.js';
import { CART_LINES, codesOf, gql } from '../support/graphql.js';
import { TEST_JWT_SECRET } from '../support/store-api.js';

const TIMEOUT_MS = 800;
const LIST = '{ products(first: 3) { totalCount nodes { id } } }';

/** A TCP server that accepts connections and never answers: a hung API. */
async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function timed<T>(work: Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work;
  return { value, ms: performance.now() - start };
}

describe('when the API fails', () => {
  it('answers UPSTREAM_UNAVAILABLE within the timeout when the API hangs', async () => {
    const hung = await silentServer();
    const bff = await startBff(hung.url, { API_TIMEOUT_MS: String(TIMEOUT_MS) });
    try {
      const { value, ms } = await timed(gql(bff.url, LIST));
      expect(codesOf(value)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(value.errors?.[0]?.message).toMatch(/not answering/);
      expect(ms).toBeLessThan(TIMEOUT_MS + 1500);
      const cart = await timed(gql(bff.url, `{ cart { ${CART_LINES} } }`, {}, { token: 'x.y.z' }));
      expect(codesOf(cart.value)).toEqual(['UPSTREAM_UNAVAILABLE']);
    } finally {
      await bff.stop();
      await hung.close();
    }
  });

  it('serves the answers it has while the API is stopped, refuses the rest quickly, and recovers', async () => {
    // A data folder of the test's own: stopping an API that made its own folder removes it.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'store-upstream-'));
    const api = await startApi({ JWT_SECRET: TEST_JWT_SECRET }, dataDir);
    const port = new URL(api.url).port;
    const bff = await startBff(api.url, { API_TIMEOUT_MS: String(TIMEOUT_MS), CATALOG_TTL_MS: '60000' });
    try {
      const before = await gql<{ products: { totalCount: number } }>(bff.url, LIST);
      const sorted = '{ products(first: 5, sort: PRICE_DESC) { totalCount } }';
      expect((await gql(bff.url, sorted)).errors).toBeUndefined();
      const account = { email: `asha-${Date.now()}@example.com`, password: 'correct horse 1' };
      const registered = await gql(
        bff.url,
        'mutation($input: RegisterInput!) { register(input: $input) { token } }',
        {
          input: { name: 'Asha', ...account },
        },
      );
      expect(registered.errors).toBeUndefined();
      expect(before.data?.products.totalCount).toBeGreaterThan(0);
      await api.stop();

      // Within the TTL the catalogue version costs no upstream call, and answers already given are given again,
      // so the API being down does not show to shoppers browsing what others browsed.
      const cached = await gql<{ products: { totalCount: number } }>(bff.url, sorted);
      expect(cached.data?.products.totalCount).toBe(before.data?.products.totalCount);

      const { value, ms } = await timed(
        gql(bff.url, 'mutation { login(input: { email: "a@b.co", password: "whatever1" }) { token } }'),
      );
      expect(codesOf(value)).toEqual(['UPSTREAM_UNAVAILABLE']);
      expect(ms).toBeLessThan(TIMEOUT_MS + 1500);

      // The same port again: the BFF's pool reconnects by itself.
      const again = await startApi({ JWT_SECRET: TEST_JWT_SECRET, API_PORT: port }, dataDir);
      try {
        const login = await gql<{ login: { token: string } }>(
          bff.url,
          'mutation($input: LoginInput!) { login(input: $input) { token } }',
          {
            input: account,
          },
        );
        expect(login.data?.login.token).toEqual(expect.any(String));
      } finally {
        await again.stop();
      }
    } finally {
      await bff.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps the message of an API error for the toast', async () => {
    const api = await startApi({ JWT_SECRET: TEST_JWT_SECRET });
    const bff = await startBff(api.url);
    try {
      const short = await gql(
        bff.url,
        'mutation { register(input: { name: "Asha", email: "asha@example.com", password: "short" }) { token } }',
      );
      expect(codesOf(short)).toEqual(['BAD_USER_INPUT']);
      expect(short.errors?.[0]?.message).toMatch(/8 characters/);
    } finally {
      await bff.stop();
      await api.stop();
    }
  });
});
