import type { FastifyInstance } from 'fastify';

/**
 * The address a server listens on, as Fastify prints it (a wildcard named by the loopback address, IPv6 in
 * brackets): where a client that reached it directly finds it. Undefined before it listens or off TCP.
 */
export function listeningOrigin(app: FastifyInstance): string | undefined {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return undefined;
  if (address.family === 'IPv6')
    return `http://[${address.address === '::' ? '::1' : address.address}]:${String(address.port)}`;
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${String(address.port)}`;
}
