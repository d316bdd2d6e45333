import type { FastifyInstance } from 'fastify';
import type { CatalogService } from './service.js';

export function catalogRoutes(app: FastifyInstance, catalog: CatalogService): void {
  app.get('/api/product/list', async (request, reply) => {
    const { body, etag } = await catalog.snapshot();
    void reply.header('etag', etag).header('cache-control', 'public, no-cache');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });
}
