import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { fastifyApolloHandler } from '@as-integrations/fastify';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyRequest } from 'fastify';
import type { ExecutionNotes } from './graphql/response-cache.js';
import type { Catalog, CatalogSource } from './catalog/catalog.js';
import { upstreamListCache } from './catalog/catalog-cache.js';
import { createCatalogAccess } from './catalog/catalog-access.js';
import type { BffConfig } from './config.js';
import type { GraphQLContext } from './context.js';
import { createApollo } from './graphql/apollo.js';
import { boundedAnswer, refuseDeepJson } from './graphql/http-limits.js';
import { ResponseCache } from './graphql/response-cache.js';
import { createSeo } from './seo/seo-routes.js';
import { IDE_CSS, IDE_HTML, IDE_JS, IDE_SCRIPT_PATH, IDE_STYLE_PATH } from './ide/page.js';
import { OrderAttempts } from './orders/order-attempts.js';
import { shopperApi } from './rest/shopper-api.js';
import { Upstream } from './rest/upstream.js';
import { ImageOptimizer } from './site/image-optimizer.js';
import { registerImagesProxy } from './site/images-proxy.js';
import { registerProductList } from './site/product-list.js';
import { publicOrigin } from './site/public-url.js';
import { registerRestProxy } from './site/rest-proxy.js';
import { catalogImageSources, registerSecurityHeaders } from './site/security-headers.js';
import { loadPageRenderer } from './site/page-renderer.js';
import { registerWebApp } from './site/web-app.js';

export interface Bff {
  app: FastifyInstance;
  upstream: Upstream;
  catalog: CatalogSource;
}

export async function buildBff(config: BffConfig): Promise<Bff> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY === '' ? false : config.TRUST_PROXY,
  });
  const upstream = new Upstream({
    origin: config.API_URL,
    timeoutMs: config.API_TIMEOUT_MS,
    connections: config.API_CONNECTIONS,
  });
  const productList = upstreamListCache(upstream, config.CATALOG_TTL_MS, config.CATALOG_MAX_BYTES);
  const catalog = createCatalogAccess({
    upstream,
    ttlMs: config.CATALOG_TTL_MS,
    list: productList,
    onSkipped: (count) => {
      app.log.warn(
        `The product list holds ${count} product(s) the store cannot show (a missing name or price, a category or type outside the spec's); they are left out.`,
      );
    },
  });
  // One catalogue read per request, shared by the answer cache's lookup and every resolver.
  const requestCatalogs = new WeakMap<FastifyRequest, Promise<Catalog>>();
  const catalogFor = (request: FastifyRequest): Promise<Catalog> => {
    let read = requestCatalogs.get(request);
    if (read === undefined) {
      read = catalog.get();
      requestCatalogs.set(request, read);
    }
    return read;
  };
  const responses = new ResponseCache(async (request) => (await catalogFor(request)).version);
  const orderAttempts = new OrderAttempts();
  const images = await ImageOptimizer.create({
    upstream,
    apiUrl: config.API_URL,
    catalog,
    cacheDir: config.IMAGE_CACHE_DIR,
    cacheMaxBytes: config.IMAGE_CACHE_MAX_BYTES,
    sourceMaxBytes: config.IMAGE_SOURCE_MAX_BYTES,
    sourceTimeoutMs: config.IMAGE_SOURCE_TIMEOUT_MS,
    concurrency: config.IMAGE_ENCODE_CONCURRENCY,
    queueLimit: config.IMAGE_ENCODE_QUEUE,
    crossOrigin: config.CORS_ORIGINS.length > 0,
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500
        ? error.statusCode
        : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? 'Request body is too large'
        : status >= 500
          ? 'Something went wrong on our side. Please try again.'
          : error.message;
    return reply.code(status).send({
      errors: [{ message, extensions: { code: status === 413 ? 'BAD_USER_INPUT' : 'BAD_REQUEST' } }],
    });
  });

  registerSecurityHeaders(app, {
    clerkPublishableKey: config.VITE_CLERK_PUBLISHABLE_KEY,
    imageSources: catalogImageSources(catalog),
  });
  // The web app is served from here; other origins only when listed.
  await app.register(cors, {
    origin: config.CORS_ORIGINS.length > 0 ? config.CORS_ORIGINS : false,
    credentials: false,
  });
  await app.register(compress, { threshold: 1024 });

  const apollo = await createApollo(app, config);

  const contextFor = (
    request: FastifyRequest,
    authorization: string | undefined,
    notes: ExecutionNotes = {},
  ): GraphQLContext => ({
    store: shopperApi(upstream, { authorization, address: request.ip }),
    catalog: async () => {
      const current = await catalogFor(request);
      notes.catalogVersion = current.version;
      return current;
    },
    notes,
    orderAttempts,
    imagePlaceholder: (src) => {
      const { value, pending } = images.placeholder(src);
      // An answer without a placeholder that is being computed is not kept: the next one will have it.
      if (pending) notes.incomplete = true;
      return value;
    },
  });

  const handler = fastifyApolloHandler(apollo, {
    context: (request): Promise<GraphQLContext> => {
      const authorization = request.headers.authorization;
      const token = typeof authorization === 'string' && authorization !== '' ? authorization : undefined;
      return Promise.resolve(contextFor(request, token, responses.notesFor(request)));
    },
  });

  refuseDeepJson(app);
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: '/graphql',
    async preHandler(request, reply) {
      // The offline IDE answers a browser's plain GET; Apollo answers everything else.
      if (
        config.GRAPHQL_IDE &&
        request.method === 'GET' &&
        request.headers.accept?.includes('text/html') === true
      ) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(IDE_HTML);
      }
      const hit = await responses.lookup(request);
      if (hit === undefined) return;
      return reply.type(hit.contentType).header('cache-control', 'no-store').send(hit.body);
    },
    onSend(request, reply, payload, done) {
      const answer = boundedAnswer(reply, payload);
      responses.store(request, reply, answer);
      // Answers depend on the shopper's token; no shared cache may keep them.
      void reply.header('cache-control', 'no-store');
      done(null, answer);
    },
    handler,
  });

  if (config.GRAPHQL_IDE) {
    app.get(IDE_SCRIPT_PATH, (_request, reply) => reply.type('text/javascript; charset=utf-8').send(IDE_JS));
    app.get(IDE_STYLE_PATH, (_request, reply) => reply.type('text/css; charset=utf-8').send(IDE_CSS));
  }

  app.get('/healthz', () => ({ ok: true }));
  registerImagesProxy(app, upstream, config.CORS_ORIGINS.length > 0);
  images.register(app);
  const storeOrigin = publicOrigin(app, config.PUBLIC_URL);
  registerProductList(app, { list: productList, crossOriginClients: config.CORS_ORIGINS, storeOrigin });
  await registerRestProxy(app, {
    upstream,
    timeoutMs: config.API_TIMEOUT_MS,
    bodyLimit: config.BODY_LIMIT_BYTES,
    crossOriginClients: config.CORS_ORIGINS,
    storeOrigin,
    forwardAdmin: config.ADMIN_API_FORWARDING,
  });
  // Pages are rendered for nobody in particular: the shopper's token stays out, whatever the request carries.
  const seo = createSeo({ catalog, origin: storeOrigin });
  const pages = await loadPageRenderer(
    config.WEB_DIST,
    async () => (await catalog.get()).version,
    seo,
    async (id) => {
      const view = await catalog.get();
      return view.removed !== undefined && (await view.removed(id));
    },
    { eager: config.NODE_ENV === 'production' },
  );
  await registerWebApp(
    app,
    config.WEB_DIST,
    pages &&
      ((request) => {
        const notes: ExecutionNotes = {};
        return pages.render(
          request.url,
          async ({ query, variables, operationName }) => {
            const response = await apollo.executeOperation(
              { query, variables, operationName },
              { contextValue: contextFor(request, undefined, notes) },
            );
            if (response.body.kind !== 'single')
              throw new Error('page render: an incremental GraphQL response');
            return response.body.singleResult;
          },
          () => notes.incomplete !== true,
        );
      }),
    seo,
  );

  app.addHook('onClose', async () => {
    await upstream.close();
  });
  return { app, upstream, catalog };
}
