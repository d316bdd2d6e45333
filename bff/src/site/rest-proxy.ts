import type { IncomingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ADMIN_PATHS } from '#domain/back-office';
import { MAX_ORDER_BODY_BYTES } from '#domain/store-rules';
import type { Upstream } from '../rest/upstream.js';
import { withAbsoluteImages } from '../../../lib/absolute-images.js';

// `/api/*` passed to the API as it came, so a REST client works against the BFF unchanged; the API checks.

const PASSED_ON = [
  'authorization',
  'token',
  'content-type',
  'idempotency-key',
  'if-none-match',
  'accept',
] as const;
const PASSED_BACK = [
  'content-type',
  'cache-control',
  'etag',
  'retry-after',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
] as const;
/** Spec section 7 clients send `token`, ours `Authorization`. */
const TOKEN_HEADERS = ['authorization', 'token'] as const;
const UNAVAILABLE = {
  success: false,
  message: 'The store is not answering right now. Please try again in a moment.',
};
/** Besides the list (product-list.ts), orders name product images: their items are product copies. */
const NAMES_IMAGES = /^\/api\/order\/userorders(\?|$)/;
/** A product upload streams at the sender's pace, so it gets longer than a call. */
const UPLOAD_TIMEOUT_MS = 60_000;

// The store's public URL does not answer them unless the shop turns ADMIN_API_FORWARDING on.
const ADMIN_CALLS = new Set<string>(Object.values(ADMIN_PATHS));

/** As the API's router would match it: decoded, dot segments resolved, slashes collapsed, any case. */
function routedPath(url: string): string | undefined {
  let path = url.split('?')[0] ?? '';
  try {
    for (let i = 0; i < 3 && path.includes('%'); i += 1) path = decodeURIComponent(path);
    path = new URL(path.replace(/\/{2,}/g, '/'), 'http://store.invalid').pathname;
  } catch {
    return undefined;
  }
  return path
    .replace(/;[^/]*/g, '')
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '')
    .toLowerCase();
}

function carriesToken(headers: IncomingHttpHeaders): boolean {
  return TOKEN_HEADERS.some((name) => headers[name] !== undefined);
}

/** However the path is spelt; true for a path that cannot be read at all. */
export function isAdminCall(url: string): boolean {
  const path = routedPath(url);
  return path === undefined || ADMIN_CALLS.has(path);
}

export interface RestProxyOptions {
  upstream: Upstream;
  timeoutMs: number;
  bodyLimit: number;
  /** CORS_ORIGINS: their pages get absolute image URLs they can resolve. */
  crossOriginClients: readonly string[];
  /** Whatever the request's Host (public-url.ts). */
  storeOrigin: () => string;
  /** ADMIN_API_FORWARDING. */
  forwardAdmin: boolean;
}

export async function registerRestProxy(
  app: FastifyInstance,
  { upstream, timeoutMs, bodyLimit, crossOriginClients, storeOrigin, forwardAdmin }: RestProxyOptions,
): Promise<void> {
  const clients = new Set(crossOriginClients);
  await app.register((scope, _options, done) => {
    // Bodies stay bytes here: the API parses them, so malformed JSON gets the API's own answer.
    scope.removeAllContentTypeParsers();
    // The contract's envelope for what the BFF itself refuses.
    scope.setErrorHandler((error: { statusCode?: number; code?: string }, _request, reply) => {
      const status =
        error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
          ? error.statusCode
          : 500;
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'Request body is too large'
          : 'The request could not be read';
      return reply.code(status).send({ success: false, message });
    });
    // An order of full product copies is the contract's largest body; the API sets each route's limit.
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: Math.max(bodyLimit, MAX_ORDER_BODY_BYTES) },
      (_request, body, parsed) => parsed(null, body),
    );
    // A product's images are the back office's largest body: streamed to the API, which limits each image.
    if (forwardAdmin)
      scope.addContentTypeParser('multipart/form-data', (_request, payload, parsed) => parsed(null, payload));

    scope.all('/api/*', async (request, reply) => {
      if (!forwardAdmin && isAdminCall(request.url)) {
        // Answered as the API answers a path it does not have: the store's URL shows no back office.
        request.log.info(
          `refused an admin call at the store's URL (ADMIN_API_FORWARDING is off): ${request.method} ${request.url}`,
        );
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .send({
            success: false,
            message: `No such endpoint: ${request.method} ${request.url.split('?')[0] ?? ''}`,
          });
      }
      const headers: Record<string, string> = { 'x-forwarded-for': request.ip };
      const origin = request.headers.origin;
      const forOtherSite =
        typeof origin === 'string' && clients.has(origin) && NAMES_IMAGES.test(request.url);
      for (const name of PASSED_ON) {
        // An answer rewritten for another site has no ETag of the API's to revalidate against.
        if (forOtherSite && name === 'if-none-match') continue;
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const streamed = request.body instanceof Readable ? request.body : undefined;
      const body = Buffer.isBuffer(request.body) ? request.body : streamed;
      let answer;
      try {
        answer = await upstream.pool.request({
          method: request.method,
          path: request.url,
          headers,
          body,
          signal: AbortSignal.timeout(streamed ? Math.max(timeoutMs, UPLOAD_TIMEOUT_MS) : timeoutMs),
        });
      } catch {
        return reply.code(503).header('cache-control', 'no-store').send(UNAVAILABLE);
      }
      void reply.code(answer.statusCode);
      for (const name of PASSED_BACK) {
        const value = answer.headers[name];
        if (typeof value === 'string') void reply.header(name, value);
      }
      // An answer for a shopper's token (their profile, cart, orders, or a refusal of it) is theirs alone: no
      // shared cache may keep it, whatever the backend said (the seed's says nothing).
      if (carriesToken(request.headers)) void reply.header('cache-control', 'no-store');
      if (forOtherSite && answer.statusCode === 200 && /json/i.test(String(answer.headers['content-type']))) {
        const text = await answer.body.text();
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          return reply.send(text);
        }
        void reply.removeHeader('etag').header('vary', 'Origin');
        return reply.send(JSON.stringify(withAbsoluteImages(json, storeOrigin())));
      }
      // Streamed, not buffered: the product list is the API's largest answer and its most frequent.
      return reply.send(answer.body);
    });
    done();
  });
}
