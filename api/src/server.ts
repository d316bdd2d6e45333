import path from 'node:path';
import { fileURLToPath } from 'node:url';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { nestsDeeperThan } from '../../lib/json-depth.js';
import { createAdminAuth } from './admin/auth.js';
import { adminRoutes } from './admin/routes.js';
import { createShopperGuard } from './auth/authenticate.js';
import type { ClerkOptions } from './auth/clerk.js';
import { createPasswords } from './auth/passwords.js';
import { createStoreTokens, loadTokenSecret } from './auth/tokens.js';
import { cartRoutes } from './cart/routes.js';
import { adminProductRoutes } from './catalog/admin-routes.js';
import { registerUploadedImages, uploadsDirOf } from './catalog/product-images.js';
import { catalogRoutes } from './catalog/routes.js';
import { createCatalogService } from './catalog/service.js';
import type { ApiConfig } from './config.js';
import type { StoreDatabase } from './db/database.js';
import { crossOriginClients } from './http/cross-origin-clients.js';
import { ApiError, BusyError, UnreadableBodyError } from './http/errors.js';
import { serveFilesByName } from './http/files-by-name.js';
import { adminOrderRoutes } from './order/admin-routes.js';
import { afterOrderRoutes } from './order/after-order-routes.js';
import { orderRoutes } from './order/routes.js';
import { adminStockRoutes } from './stock/routes.js';
import { userRoutes } from './user/routes.js';

export const PUBLIC_DIR = fileURLToPath(new URL('../public', import.meta.url));

/**
 * The deepest nesting a request body may have (an order nests 4 deep). Deeper ones are refused before JSON.parse,
 * whose cost grows with the depth: 1 MiB of `[[[…` stalled every request for up to a second.
 */
export const MAX_JSON_DEPTH = 32;

function clerkOptions(config: ApiConfig): ClerkOptions | undefined {
  if (!config.CLERK_ISSUER || !(config.CLERK_JWT_KEY || config.CLERK_SECRET_KEY)) return undefined;
  return {
    jwtKey: config.CLERK_JWT_KEY,
    secretKey: config.CLERK_SECRET_KEY,
    issuer: config.CLERK_ISSUER,
    authorizedParties: config.CLERK_AUTHORIZED_PARTIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

// Fastify's own failures (bad JSON, too large, wrong content type) mapped to the contract's envelope.
function describeFrameworkError(error: FastifyError): { status: number; message: string } {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, message: 'Request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, message: 'Send the request body as application/json' };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, message: 'Malformed JSON body' };
    default:
      break;
  }
  if (error.statusCode === 429)
    return { status: 429, message: 'Too many attempts. Please wait a minute and try again.' };
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return { status: error.statusCode, message: error.message };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.' };
}

// A body the server could not read (bad JSON, too large, wrong content type or length): no endpoint has seen it.
// (Typed loosely: a plugin's error, such as the rate limit's, carries no code.)
function isUnreadableBody(error: Error & { code?: string }): boolean {
  if (error instanceof ApiError) return error instanceof UnreadableBodyError;
  return error.code?.startsWith('FST_ERR_CTP_') ?? false;
}

export async function buildApi(config: ApiConfig, database: StoreDatabase): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.LOG_LEVEL === 'silent' ? false : { level: config.LOG_LEVEL },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY === '' ? false : config.TRUST_PROXY,
  });
  const clients = crossOriginClients({
    origins: config.CORS_ORIGINS,
    assetBaseUrl: config.ASSET_BASE_URL,
    failuresAs200: config.FAILURES_AS_200,
  });

  // An empty body on the spec's "empty body" calls is read as no body at all; anything else must be valid JSON.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(new UnreadableBodyError(400, 'Request body nests too deeply'), undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new UnreadableBodyError(400, 'Malformed JSON body'), undefined);
    }
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    const { status, message } =
      error instanceof ApiError
        ? { status: error.statusCode, message: error.message }
        : describeFrameworkError(error);
    // A busy refusal is the API working as designed, not a failure worth an error line per shopper in a burst.
    if (status >= 500 && !(error instanceof BusyError)) request.log.error({ err: error }, 'request failed');
    // FAILURES_AS_200, or a page of CORS_ORIGINS: for clients that show a failure's message only from a 2xx answer
    // (axios). A body that could not be read keeps its status, as an unknown endpoint does, like the seed's backend.
    const sent = clients.failuresAs200(request) && !isUnreadableBody(error) ? 200 : status;
    // Kept at any status: with FAILURES_AS_200 the header (and the message) still say when to try again.
    if (error instanceof BusyError) void reply.header('retry-after', String(error.retryAfterSeconds));
    return reply
      .code(sent)
      .send({ success: false, message, ...(error instanceof ApiError ? error.details : {}) });
  });
  app.setNotFoundHandler((request, reply) =>
    reply
      .code(404)
      .send({ success: false, message: `No such endpoint: ${request.method} ${request.url.split('?')[0]}` }),
  );

  // Browser clients on other origins (the lineage's shop and admin apps): only the listed origins, exact match.
  await clients.register(app);
  // Product images are public: pages on other origins (a shop's own client, behind a CDN or the BFF) may embed them.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.url.startsWith('/images/')) void reply.header('cross-origin-resource-policy', 'cross-origin');
    done();
  });
  await app.register(rateLimit, { global: false });
  // The seed's artwork (and any a shop puts beside it), in folders if need be; never a dot file.
  serveFilesByName(app, {
    prefix: '/images/',
    dir: path.join(PUBLIC_DIR, 'images'),
    name: /^[\w-][\w.-]*(\/[\w-][\w.-]*)*$/,
    headers: { 'x-content-type-options': 'nosniff' },
  });

  const { db } = database;
  const tokenSecret = loadTokenSecret(config.JWT_SECRET, config.DATA_DIR);
  const tokens = createStoreTokens(tokenSecret, config.TOKEN_TTL);
  const shoppers = createShopperGuard(db, tokens, clerkOptions(config));
  const catalog = createCatalogService(database, { assetBaseUrl: config.ASSET_BASE_URL });
  const passwords = await createPasswords({
    params: {
      memoryKiB: config.PASSWORD_HASH_MEMORY_KIB,
      iterations: config.PASSWORD_HASH_ITERATIONS,
      parallelism: config.PASSWORD_HASH_PARALLELISM,
    },
    concurrency: config.PASSWORD_HASH_CONCURRENCY,
    queueLimit: config.PASSWORD_HASH_QUEUE,
  });

  app.get('/api/health', () => ({ success: true, message: 'ok' }));
  catalogRoutes(app, catalog, clients);
  userRoutes(app, {
    db,
    tokens,
    shoppers,
    passwords,
    authRateLimit: { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS },
  });
  cartRoutes(app, { db, catalog, shoppers });
  orderRoutes(app, { db, catalog, shoppers, bodyLimitBytes: config.BODY_LIMIT_BYTES });

  // The back office (the lineage's admin contract, docs/decisions/013-back-office.md).
  const admin = createAdminAuth(tokenSecret, {
    email: config.ADMIN_EMAIL,
    password: config.ADMIN_PASSWORD,
    passwordHash: config.ADMIN_PASSWORD_HASH,
    tokenTtlSeconds: config.ADMIN_TOKEN_TTL,
  });
  const uploadsDir = uploadsDirOf(config.DATA_DIR);
  adminRoutes(app, {
    admin,
    authRateLimit: { max: config.AUTH_RATE_LIMIT_MAX, timeWindow: config.AUTH_RATE_LIMIT_WINDOW_MS },
  });
  adminOrderRoutes(app, { db, admin });
  afterOrderRoutes(app, { db, shoppers, admin });
  await adminProductRoutes(app, {
    database,
    catalog,
    admin,
    uploadsDir,
    imageMaxBytes: config.IMAGE_UPLOAD_MAX_BYTES,
  });
  adminStockRoutes(app, { database, admin });
  registerUploadedImages(app, uploadsDir);
  return app;
}
