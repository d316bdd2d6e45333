import type { FastifyInstance } from 'fastify';
import { listeningOrigin } from '../../../lib/listening-origin.js';

// Never the request's Host: the client chooses it, so it would multiply cached copies of an answer and write
// a stranger's origin into answers a shared cache keeps.

/** PUBLIC_URL, else read when first needed (the port is known once the BFF listens). */
export function publicOrigin(app: FastifyInstance, configured: string | undefined): () => string {
  let origin = configured;
  return () => {
    origin ??= listeningOrigin(app);
    if (origin === undefined) throw new Error('The BFF is not listening on a TCP port: set PUBLIC_URL.');
    return origin;
  };
}
