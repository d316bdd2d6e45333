import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withAbsoluteImages } from '../../../lib/absolute-images.js';
import { listeningOrigin } from '../../../lib/listening-origin.js';

// Pages on CORS_ORIGINS (the lineage's shop and admin apps) get what the lineage's backend gives them: absolute image
// URLs and failures as 200 `{ success: false }` (axios shows a message only from a 2xx); everyone else keeps ours.
// The answer then depends on `Origin`, so @fastify/cors sends `Vary: Origin` once an origin is listed.

export interface CrossOriginOptions {
  origins: readonly string[];
  /** ASSET_BASE_URL: when set, every answer's images are already absolute on it. */
  assetBaseUrl: string;
  /** FAILURES_AS_200: every client's failures with status 200. */
  failuresAs200: boolean;
}

export interface CrossOriginClients {
  admits(request: FastifyRequest): boolean;
  failuresAs200(request: FastifyRequest): boolean;
  /** The origin this request's image paths are made absolute on; '' keeps them as they are. */
  imageBaseFor(request: FastifyRequest): string;
  /** CORS, and the image paths of admitted requests' JSON answers made absolute. */
  register(app: FastifyInstance): Promise<void>;
}

export function crossOriginClients({
  origins,
  assetBaseUrl,
  failuresAs200,
}: CrossOriginOptions): CrossOriginClients {
  const listed = new Set(origins);
  let server: FastifyInstance | undefined;
  let ownOrigin: string | undefined;
  const admits = (request: FastifyRequest) =>
    typeof request.headers.origin === 'string' && listed.has(request.headers.origin);
  // Read when first needed: the port is known once the API listens.
  const imageOrigin = () => (ownOrigin ||= (server && listeningOrigin(server)) ?? '');

  return {
    admits,
    failuresAs200: (request) => failuresAs200 || admits(request),
    imageBaseFor: (request) => (assetBaseUrl === '' && admits(request) ? imageOrigin() : ''),
    async register(app) {
      server = app;
      if (listed.size === 0) return;
      await app.register(cors, {
        origin: [...listed],
        methods: ['GET', 'HEAD', 'POST'],
        allowedHeaders: ['content-type', 'authorization', 'token', 'idempotency-key'],
        exposedHeaders: ['retry-after', 'etag'],
        maxAge: 600,
      });
      if (assetBaseUrl !== '') return;
      // Answers the routes return as objects arrive here serialized; the product list sends prepared bytes made
      // for this audience (imageBaseFor), and is left alone.
      app.addHook('onSend', async (request, reply, payload) => {
        if (typeof payload !== 'string' || !admits(request)) return payload;
        if (!/json/i.test(String(reply.getHeader('content-type')))) return payload;
        const origin = imageOrigin();
        if (origin === '' || !payload.includes('"image')) return payload;
        try {
          return JSON.stringify(withAbsoluteImages(JSON.parse(payload), origin));
        } catch {
          return payload;
        }
      });
    },
  };
}
