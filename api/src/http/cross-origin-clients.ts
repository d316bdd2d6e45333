import cors from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// Pages on the origins in CORS_ORIGINS (the lineage's own shop and admin apps) calling the API directly get the
// answers the lineage's backend gives them: absolute image URLs and failures as 200 `{ success: false }` (axios
// shows a message only from a 2xx). Everyone else (our BFF, curl, the CLI) keeps our statuses and image paths.
// The answer then depends on `Origin`: @fastify/cors sends `Vary: Origin` on every answer once an origin is listed.

export interface CrossOriginOptions {
  /** CORS_ORIGINS. */
  origins: readonly string[];
  /** ASSET_BASE_URL: when set, every answer's images are already absolute on it. */
  assetBaseUrl: string;
  /** FAILURES_AS_200: every client's failures with status 200. */
  failuresAs200: boolean;
}

export interface CrossOriginClients {
  /** True when the request comes from a page of an origin in CORS_ORIGINS. */
  admits(request: FastifyRequest): boolean;
  /** Whether this request's failures are sent with status 200. */
  failuresAs200(request: FastifyRequest): boolean;
  /** The origin this request's image paths are made absolute on; '' keeps them as they are. */
  imageBaseFor(request: FastifyRequest): string;
  /** CORS, and the image paths of admitted requests' JSON answers made absolute. */
  register(app: FastifyInstance): Promise<void>;
}

/**
 * The address the API listens on, as Fastify prints it: where a client that reached it directly finds `/images/*`.
 * Never the request's Host, which the client chooses and would write into answers a shared cache keeps.
 */
function listeningOrigin(app: FastifyInstance): string {
  const address = app.server.address();
  if (address === null || typeof address === 'string') return '';
  if (address.family === 'IPv6') return `http://[${address.address === '::' ? '::1' : address.address}]:${String(address.port)}`;
  return `http://${address.address === '0.0.0.0' ? '127.0.0.1' : address.address}:${String(address.port)}`;
}

/** A copy of a JSON answer with every path-absolute URL under an `image` key made absolute on `origin`. */
export function withAbsoluteImages(value: unknown, origin: string): unknown {
  const absolute = (url: unknown) => (typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? origin + url : url);
  if (Array.isArray(value)) return value.map((item) => withAbsoluteImages(item, origin));
  if (typeof value !== 'object' || value === null) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (key === 'image') copy[key] = Array.isArray(field) ? field.map(absolute) : absolute(field);
    // The catalogue query names the origins its images are on, for a page's policy: this one too, now.
    else if (key === 'imageOrigins' && Array.isArray(field)) copy[key] = field.includes(origin) ? field : [origin, ...(field as unknown[])];
    else copy[key] = withAbsoluteImages(field, origin);
  }
  return copy;
}

export function crossOriginClients({ origins, assetBaseUrl, failuresAs200 }: CrossOriginOptions): CrossOriginClients {
  const listed = new Set(origins);
  let server: FastifyInstance | undefined;
  let ownOrigin: string | undefined;
  const admits = (request: FastifyRequest) => typeof request.headers.origin === 'string' && listed.has(request.headers.origin);
  // Read when first needed: the port is known once the API listens.
  const imageOrigin = () => (ownOrigin ||= server ? listeningOrigin(server) : '');

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
