import type { FastifyInstance } from 'fastify';

/** How long a stopping server lets the requests in progress finish before it closes every connection. */
export const CLOSE_GRACE_MS = 5_000;

/**
 * Stops a server: no new connections, the requests in progress answered, then every connection closed. Node stops
 * timing connections out once its server closes, so a connection that never sends a whole request (a browser's
 * preconnect, a hostile client) would otherwise keep the process from ever stopping.
 */
export async function closeWithin(app: FastifyInstance): Promise<void> {
  const timer = setTimeout(() => app.server.closeAllConnections(), CLOSE_GRACE_MS);
  try {
    await app.close();
  } finally {
    clearTimeout(timer);
  }
}
