import type { FastifyInstance } from 'fastify';
import type { Upstream } from '../rest/upstream.js';

// The store's REST contract (spec section 7) is reachable at the store's one URL too: `/api/*` is passed to the API
// as it came (method, body bytes, the shopper's token, an idempotency key), so a client written for the REST
// contract works against the BFF unchanged. The API does all the checking; its answer is passed back as it is.

const PASSED_ON = ['authorization', 'token', 'content-type', 'idempotency-key', 'if-none-match', 'accept'] as const;
const PASSED_BACK = ['content-type', 'cache-control', 'etag', 'retry-after', 'x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;
const UNAVAILABLE = { success: false, message: 'The store is not answering right now. Please try again in a moment.' };

export async function registerRestProxy(app: FastifyInstance, upstream: Upstream, timeoutMs: number): Promise<void> {
  await app.register((scope, _options, done) => {
    // Bodies stay bytes here: the API parses them, so malformed JSON gets the API's own answer.
    scope.removeAllContentTypeParsers();
    // The contract's envelope for what the BFF itself refuses (a body over its limit).
    scope.setErrorHandler((error: { statusCode?: number; code?: string }, _request, reply) => {
      const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      const message = error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? 'Request body is too large' : 'The request could not be read';
      return reply.code(status).send({ success: false, message });
    });
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, parsed) => parsed(null, body));

    scope.all('/api/*', async (request, reply) => {
      const headers: Record<string, string> = { 'x-forwarded-for': request.ip };
      for (const name of PASSED_ON) {
        const value = request.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const body = Buffer.isBuffer(request.body) ? request.body : undefined;
      let answer;
      try {
        answer = await upstream.pool.request({
          method: request.method,
          path: request.url,
          headers,
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        return reply.code(503).header('cache-control', 'no-store').send(UNAVAILABLE);
      }
      void reply.code(answer.statusCode);
      for (const name of PASSED_BACK) {
        const value = answer.headers[name];
        if (typeof value === 'string') void reply.header(name, value);
      }
      // Streamed, not buffered: the product list is the API's largest answer and its most frequent.
      return reply.send(answer.body);
    });
    done();
  });
}
