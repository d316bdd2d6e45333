import type { FastifyInstance } from 'fastify';
import type { Upstream } from '../rest/upstream.js';

// Product images stay same-origin: /images/* is streamed from the API with its own cache headers
// (a year, immutable), and a browser's revalidation is passed on so a 304 stays a 304.

const IMAGE_PATH = /^\/images\/[A-Za-z0-9._-][A-Za-z0-9._/-]*$/;
const PASSED_BACK = ['content-type', 'content-length', 'cache-control', 'etag', 'last-modified'] as const;
const REVALIDATION_HEADERS = ['cache-control', 'etag', 'last-modified'] as const;
const PASSED_ON = ['if-none-match', 'if-modified-since'] as const;

/** `crossOrigin`: pages on CORS_ORIGINS show these images too, so they are not marked same-origin. */
export function registerImagesProxy(app: FastifyInstance, upstream: Upstream, crossOrigin: boolean): void {
  app.get('/images/*', async (request, reply) => {
    if (crossOrigin) void reply.header('cross-origin-resource-policy', 'cross-origin');
    const pathname = request.url.split('?')[0] ?? '';
    if (!IMAGE_PATH.test(pathname) || pathname.includes('..'))
      return reply.code(404).send({ message: 'No such image' });
    const headers: Record<string, string> = {};
    for (const name of PASSED_ON) {
      const value = request.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    let answer;
    try {
      // The pool's connect and headers timeouts bound the wait; the body is streamed at the browser's pace.
      answer = await upstream.pool.request({ method: 'GET', path: pathname, headers });
    } catch {
      return reply
        .code(502)
        .header('cache-control', 'no-store')
        .send({ message: 'The image store is not answering' });
    }
    const ok = answer.statusCode === 200;
    void reply.code(
      ok || answer.statusCode === 304 ? answer.statusCode : answer.statusCode === 404 ? 404 : 502,
    );
    for (const name of ok ? PASSED_BACK : REVALIDATION_HEADERS) {
      const value = answer.headers[name];
      if (typeof value === 'string') void reply.header(name, value);
    }
    if (ok) return reply.send(answer.body);
    // A 304 or a failure has nothing worth streaming; dumping frees the socket for the next call.
    await answer.body.dump();
    return answer.statusCode === 304 ? reply.send() : reply.send({ message: 'No such image' });
  });
}
