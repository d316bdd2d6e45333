import type { FastifyInstance } from 'fastify';
import type { CrossOriginClients } from '../http/cross-origin-clients.js';
import { parseCatalogQuery } from './query.js';
import type { CatalogService } from './service.js';

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService, clients: Pick<CrossOriginClients, 'imageBaseFor'>): void {
  // The spec's list, verbatim: every product in one body, with an ETag for 304s. A page of another site (CORS_ORIGINS)
  // gets its own copy, image URLs absolute on the API, with its own ETag.
  app.get('/api/product/list', async (request, reply) => {
    const { body, etag } = await catalog.snapshot(clients.imageBaseFor(request));
    void reply.header('etag', etag).header('cache-control', 'public, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  // Beside it, the catalogue filtered, searched, sorted and paged in the database (see query.ts).
  app.get('/api/product/query', async (request) => catalog.query(parseCatalogQuery(request.query)));
}
