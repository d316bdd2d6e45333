import type { FastifyInstance } from 'fastify';

// Where the store's absolute URLs point (image URLs for clients on other origins, canonical links): PUBLIC_URL, else
// the address the BFF listens on, as `npm start` prints it. Never the request's Host: the client chooses it, so it
// would multiply the BFF's copies of an answer and write a stranger's origin into answers a shared cache keeps.

/** The listening address as Fastify prints it: a wildcard is named by the loopback address, IPv6 in brackets. */
function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('The BFF is not listening on a TCP port: set PUBLIC_URL.');
  if (address.family === 'IPv6') return `http://[${address.address === '::' ? '::1' : address.address}]:${String(address.port)}`;
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${String(address.port)}`;
}

/** The store's origin, read when first needed (the port is known once the BFF listens). */
export function publicOrigin(app: FastifyInstance, configured: string | undefined): () => string {
  let origin = configured;
  return () => (origin ??= listeningOrigin(app));
}
