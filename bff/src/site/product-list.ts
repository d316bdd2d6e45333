import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ListCache, ListCopy } from '../catalog/catalog-cache.js';
import { StoreError } from '../errors.js';
import { withAbsoluteImages } from '../../../lib/absolute-images.js';

// `GET /api/product/list` from the BFF's copy of the backend's bytes and ETag: a large catalogue costs one
// upstream read per TTL, and is compressed once per version, not per response as the framework would.

const compressGzip = promisify(gzip);
const compressBrotli = promisify(brotliCompress);
/** Below this a compressed copy is not worth its header. */
const COMPRESS_FROM_BYTES = 1024;

type Encoding = 'br' | 'gzip';

/** q=0 excludes an encoding. */
function encodingFor(request: FastifyRequest): Encoding | undefined {
  const header = request.headers['accept-encoding'];
  const accepted = new Set(
    (typeof header === 'string' ? header : '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0+)?$/.test(part))
      .map((part) => part.split(';')[0]),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
}

/** Each compressed copy is made once, when first asked for. */
class Body {
  readonly #copies = new Map<Encoding, Promise<Buffer>>();
  constructor(readonly bytes: Buffer) {}

  encoded(encoding: Encoding): Promise<Buffer> {
    let copy = this.#copies.get(encoding);
    if (copy === undefined) {
      copy =
        encoding === 'br'
          ? compressBrotli(this.bytes, {
              params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: this.bytes.length },
            })
          : compressGzip(this.bytes, { level: 6 });
      this.#copies.set(encoding, copy);
    }
    return copy;
  }
}

export interface ProductListOptions {
  list: ListCache;
  /** CORS_ORIGINS: their pages get image URLs made absolute on the store. */
  crossOriginClients: readonly string[];
  /** Whatever the request's Host (public-url.ts). */
  storeOrigin: () => string;
}

export function registerProductList(
  app: FastifyInstance,
  { list, crossOriginClients, storeOrigin }: ProductListOptions,
): void {
  const clients = new Set(crossOriginClients);
  // One body per list version and audience (own pages, other sites): bounded by the list, whoever asks.
  const ownBodies = new WeakMap<ListCopy, Body>();
  const siteBodies = new WeakMap<ListCopy, Body>();

  const bodyOf = (bodies: WeakMap<ListCopy, Body>, copy: ListCopy, bytes: () => Buffer): Body => {
    let body = bodies.get(copy);
    if (body === undefined) {
      body = new Body(bytes());
      bodies.set(copy, body);
    }
    return body;
  };
  const forSites = (copy: ListCopy): Buffer =>
    Buffer.from(JSON.stringify(withAbsoluteImages(JSON.parse(copy.bytes.toString('utf8')), storeOrigin())));

  app.get('/api/product/list', { compress: false }, async (request, reply) => {
    let copy: ListCopy;
    try {
      copy = await list.get();
    } catch (error) {
      const status =
        error instanceof StoreError
          ? error.extensions.code === 'UPSTREAM_UNAVAILABLE'
            ? 503
            : Number(error.extensions.upstreamStatus ?? 502)
          : 502;
      const message =
        error instanceof StoreError
          ? error.message
          : 'The store is not answering right now. Please try again in a moment.';
      return reply
        .code(status >= 400 ? status : 502)
        .header('cache-control', 'no-store')
        .send({ success: false, message });
    }
    const origin = request.headers.origin;
    const forSite = typeof origin === 'string' && clients.has(origin);
    void reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'public, no-cache')
      .header('vary', 'accept-encoding, origin');
    let body: Body;
    if (forSite) {
      body = bodyOf(siteBodies, copy, () => forSites(copy));
    } else {
      if (copy.etag !== undefined) {
        void reply.header('etag', copy.etag);
        if (request.headers['if-none-match'] === copy.etag) return reply.code(304).send();
      }
      body = bodyOf(ownBodies, copy, () => copy.bytes);
    }
    const encoding = body.bytes.length >= COMPRESS_FROM_BYTES ? encodingFor(request) : undefined;
    if (encoding === undefined) return reply.send(body.bytes);
    return reply.header('content-encoding', encoding).send(await body.encoded(encoding));
  });
}
