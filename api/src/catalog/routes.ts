import type { FastifyInstance } from 'fastify';
import type { CrossOriginClients } from '../http/cross-origin-clients.js';
import { parseCatalogQuery } from './query.js';
import type { CatalogService } from './service.js';

/** Weak: the answer is the same catalogue, not promised to be the same bytes by every backend of ours. */
const versionTag = (version: string) => `W/"${version}"`;

export function catalogRoutes(
  app: FastifyInstance,
  catalog: CatalogService,
  clients: Pick<CrossOriginClients, 'imageBaseFor'>,
): void {
  // The spec's list, verbatim: every product in one body, with an ETag for 304s. A page of another site (CORS_ORIGINS)
  // gets its own copy, image URLs absolute on the API, with its own ETag.
  app.get('/api/product/list', async (request, reply) => {
    const { body, etag } = await catalog.snapshot(clients.imageBaseFor(request));
    void reply.header('etag', etag).header('cache-control', 'public, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // Beside it, the catalogue filtered, searched, sorted and paged in the database (see query.ts). An answer is the
  // catalogue's at one version, so the version is its ETag: a client that holds it (the BFF checks it on every
  // request) is answered 304 after one row read, without the query's transaction.
  app.get('/api/product/query', async (request, reply) => {
    const query = parseCatalogQuery(request.query);
    const known = request.headers['if-none-match'];
    if (known !== undefined && known === versionTag(await catalog.version()))
      return reply.code(304).header('etag', known).send();
    const answer = await catalog.query(query);
    void reply.header('etag', versionTag(answer.version));
    return answer;
  });
}
