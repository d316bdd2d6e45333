import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { CLOSE_GRACE_MS } from '../../lib/close-within.js';
import { startApi } from '../support/api-process.js';
import { startBff } from '../support/bff-process.js';
import { TEST_JWT_SECRET } from '../support/store-api.js';

// A client that opens a connection and sends nothing, or half a request, cannot keep the API or the BFF from
// stopping: a restart or a deploy waits for the requests in progress, for a bounded time, not for that client.

/** Opens a connection to `url` and sends `bytes` (maybe none), leaving it open. */
async function lingering(url: string, bytes: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  const socket = net.connect(Number(port), hostname);
  await new Promise((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  socket.on('error', () => undefined);
  if (bytes !== '') socket.write(bytes);
  return socket;
}

const HALF_A_REQUEST =
  'POST /api/user/login HTTP/1.1\r\nHost: store\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"em';

/** Milliseconds from SIGTERM to the process's exit. */
async function timeToStop(stop: () => Promise<void>): Promise<number> {
  const started = Date.now();
  await stop();
  return Date.now() - started;
}

describe('a lingering client', () => {
  it.each([
    ['sends nothing', ''],
    ['sends half a request', HALF_A_REQUEST],
  ])('that %s does not keep the API or the BFF from stopping', async (_what, bytes) => {
    const api = await startApi({ JWT_SECRET: TEST_JWT_SECRET });
    const bff = await startBff(api.url);
    const sockets = [await lingering(api.url, bytes), await lingering(bff.url, bytes)];
    try {
      const stopped = await Promise.all([timeToStop(() => bff.stop()), timeToStop(() => api.stop())]);
      expect(
        stopped.every((ms) => ms < CLOSE_GRACE_MS + 5_000),
        `stopped after ${stopped.join(' and ')} ms`,
      ).toBe(true);
    } finally {
      for (const socket of sockets) socket.destroy();
      await bff.kill();
      await api.kill();
    }
  });
});
