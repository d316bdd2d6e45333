import type { FastifyInstance } from 'fastify';
import { parseCatalogQuery } from './query.js';
import type { CatalogService } from './service.js';

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  // The spec's list, verbatim: every product in one body, with an ETag for 304s.
  app.get('/api/product/list', async (request, reply) => {
    const { body, etag } = await catalog.snapshot();
    void reply.header('etag', etag).header('cache-control', 'public, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // Beside it, the catalogue filtered, searched, sorted and paged in the database (see query.ts).
  app.get('/api/product/query', async (request) => catalog.query(parseCatalogQuery(request.query)));
}
