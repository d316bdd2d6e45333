import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SingleFlight } from '../../../lib/single-flight.js';
import type { CatalogSource } from '../catalog/catalog.js';
import { robotsTxt } from './robots.js';
import {
  FileStarts,
  PAGES_SITEMAP_PATH,
  pagesSitemap,
  productFileCount,
  productFileEtag,
  productSitemap,
  sitemapIndex,
  summarizeCatalog,
  type SitemapDocument,
  type SitemapSummary,
} from './sitemap.js';
import type { StoreIdentity } from '#domain/server-render';
import { homeStructuredData, jsonLdScript, productStructuredData } from './structured-data.js';

// robots.txt, the sitemap and structured data, all absolute on PUBLIC_URL's origin, never the request's Host.

export interface SeoOptions {
  catalog: CatalogSource;
  origin: () => string;
}

export interface Seo {
  origin: () => string;
  /** Keeps crawlers out of `privatePaths`. */
  register(app: FastifyInstance, pages: { privatePaths: readonly string[] }): void;
  /** Script elements for the head of the page at `url`. */
  pageHead(url: string, store: StoreIdentity): Promise<string[]>;
}

/** Each file walks up to 50,000 products (and the files before it); beyond this, come back later. */
const MAX_STREAMS = 2;
const RETRY_AFTER_SECONDS = 5;
const REVALIDATE = 'no-cache';
const XML = 'application/xml; charset=utf-8';

/** If-None-Match, else If-Modified-Since. */
export function isNotModified(request: FastifyRequest, etag: string, lastModified: number): boolean {
  const tags = request.headers['if-none-match'];
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  if (tags !== undefined)
    return tags.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return lastModified > 0 && !Number.isNaN(since) && Math.floor(lastModified / 1000) * 1000 <= since;
}

/** True when the answer is a 304, already sent. */
function validators(
  request: FastifyRequest,
  reply: FastifyReply,
  etag: string,
  lastModified: number,
): boolean {
  // Weak: the same document is also sent compressed, whose bytes differ.
  void reply.header('etag', `W/${etag}`).header('cache-control', REVALIDATE);
  if (lastModified > 0) void reply.header('last-modified', new Date(lastModified).toUTCString());
  if (!isNotModified(request, etag, lastModified)) return false;
  void reply.code(304).send();
  return true;
}

export function createSeo({ catalog, origin }: SeoOptions): Seo {
  let kept: { key: string; summary: SitemapSummary; starts: FileStarts } | undefined;
  const summarizing = new SingleFlight<SitemapSummary>();
  const finding = new SingleFlight<string | null | undefined>();
  let streams = 0;

  async function current() {
    const view = await catalog.get();
    const at = origin();
    const key = `${String(view.version)} ${at}`;
    let entry = kept;
    if (entry?.key !== key) {
      const summary = await summarizing.run(key, () => summarizeCatalog(view, at));
      // Whoever finishes first keeps it, so concurrent requests share one record of where files start.
      entry = kept?.key === key ? kept : (kept = { key, summary, starts: new FileStarts() });
    }
    return { view, origin: at, key, summary: entry.summary, starts: entry.starts };
  }

  const sendDocument = async (
    request: FastifyRequest,
    reply: FastifyReply,
    make: (summary: SitemapSummary, at: string) => SitemapDocument,
  ) => {
    const { summary, origin: at } = await current();
    const document = make(summary, at);
    if (validators(request, reply, document.etag, document.lastModified)) return reply;
    return reply.type(XML).send(document.body);
  };

  return {
    origin,
    register(app, { privatePaths }) {
      app.get('/robots.txt', (_request, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .header('cache-control', REVALIDATE)
          .send(robotsTxt(origin(), privatePaths)),
      );
      app.get('/sitemap.xml', (request, reply) =>
        sendDocument(request, reply, (summary, at) => sitemapIndex(summary, at)),
      );
      app.get(PAGES_SITEMAP_PATH, (request, reply) => sendDocument(request, reply, pagesSitemap));
      app.get<{ Params: { file: string } }>(
        '/sitemap-products-:file(^[1-9]\\d{0,5}$).xml',
        async (request, reply) => {
          const { view, origin: at, key, summary, starts } = await current();
          const file = Number(request.params.file);
          const notFound = () =>
            reply.code(404).send({ message: `Not found: GET ${request.url.split('?')[0] ?? ''}` });
          if (file > productFileCount(summary)) return notFound();
          if (validators(request, reply, productFileEtag(summary, file), summary.lastModified)) return reply;
          if (streams >= MAX_STREAMS) {
            return reply
              .code(503)
              .header('retry-after', String(RETRY_AFTER_SECONDS))
              .header('cache-control', 'no-store')
              .send({ message: 'The sitemap is busy; try again shortly.' });
          }
          streams += 1;
          let after: string | null | undefined;
          try {
            // A file asked out of order reads (not sends) the ones before it to find its start.
            after =
              starts.known(file) ??
              (await finding.run(`${key} ${String(file)}`, () => starts.find(view, at, file)));
          } catch (error) {
            streams -= 1;
            throw error;
          }
          if (after === undefined) {
            streams -= 1;
            return notFound();
          }
          const body = Readable.from(productSitemap(view, at, file, after, starts));
          body.once('close', () => (streams -= 1));
          body.once('error', (error) => request.log.error({ err: error }, 'sitemap stream failed'));
          return reply.type(XML).send(body);
        },
      );
    },
    async pageHead(url, store) {
      const { pathname } = new URL(url, 'http://store.invalid');
      const site = { origin: origin(), store };
      if (pathname === '/') return homeStructuredData(site).map(jsonLdScript);
      const id = /^\/product\/([^/]+)$/.exec(pathname)?.[1];
      if (id === undefined) return [];
      let productId: string;
      try {
        productId = decodeURIComponent(id);
      } catch {
        return [];
      }
      const product = (await (await catalog.get()).find([productId])).get(productId);
      return product === undefined ? [] : productStructuredData(product, site).map(jsonLdScript);
    },
  };
}
