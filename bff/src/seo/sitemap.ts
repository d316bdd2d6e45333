import { createHash } from 'node:crypto';
import type { Catalog } from '../catalog/catalog.js';
import type { CatalogProduct } from '../catalog/product.js';
import { MAX_PAGE_SIZE, type ParsedFilter } from '../catalog/list-rules.js';
import { ALL_CATEGORIES, ALL_TYPES } from '../catalog/labels.js';
import { absoluteUrl, collectionPath, productPath, type CollectionView } from './site-urls.js';

// The sitemap (docs/storefront.md). Validators come from a few catalogue calls, so a crawler's revisit costs
// no walk; product files are streamed page by page, so no whole-catalogue string is ever held.

/** The protocol's limits per file, uncompressed. */
export const SITEMAP_MAX_URLS = 50_000;
export const SITEMAP_MAX_BYTES = 50 * 1024 * 1024;
/**
 * Longer product lines (an id of some 900 characters) are left out, so files are cut by count alone and
 * the index can name them before they are read.
 */
export const MAX_ENTRY_BYTES = Math.floor((SITEMAP_MAX_BYTES - 1024) / SITEMAP_MAX_URLS);

const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const URLSET_CLOSE = '</urlset>\n';
const INDEX_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const INDEX_CLOSE = '</sitemapindex>\n';

const EVERY_PRODUCT: ParsedFilter = { search: '', inStock: false };

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** The protocol asks for these five written as entities in a URL. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ENTITIES[char] ?? char);
}

/** W3C datetime to the second, or undefined for a date that is none. */
function w3cDate(ms: number): string | undefined {
  if (!Number.isFinite(ms) || ms <= 0) return undefined;
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

function urlEntry(loc: string, lastModified?: number): string {
  const lastmod = lastModified === undefined ? undefined : w3cDate(lastModified);
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`}</url>\n`;
}

/** Undefined when it is too long to list. */
export function productEntry(
  origin: string,
  product: Pick<CatalogProduct, 'id' | 'date'>,
): string | undefined {
  const entry = urlEntry(absoluteUrl(origin, productPath(product.id)), product.date);
  return Buffer.byteLength(entry) > MAX_ENTRY_BYTES ? undefined : entry;
}

export interface SitemapSummary {
  products: number;
  /** ms; 0 when the catalogue is empty. */
  lastModified: number;
  /** The category, type and category × type views that have products, in the store's order. */
  views: CollectionView[];
  /** Each file's ETag is made from it. */
  digest: string;
}

export async function summarizeCatalog(
  catalog: Catalog,
  origin: string,
  perFile = SITEMAP_MAX_URLS,
): Promise<SitemapSummary> {
  const first = (filter: ParsedFilter) => catalog.page({ filter, sort: 'RELEVANT', first: 1, after: null });
  const [all, newest] = await Promise.all([first(EVERY_PRODUCT), catalog.latest(1)]);
  const categories = all.facets.categories.filter(({ count }) => count > 0).map(({ category }) => category);
  const types = all.facets.types.filter(({ count }) => count > 0).map(({ type }) => type);
  // The category × type views the product pages' breadcrumbs link to.
  const byCategory = await Promise.all(
    categories.map(async (category) => {
      const page = await first({ ...EVERY_PRODUCT, categories: new Set([category]) });
      return page.facets.types.filter(({ count }) => count > 0).map(({ type }) => ({ category, type }));
    }),
  );
  const views: CollectionView[] = [
    ...ALL_CATEGORIES.filter((category) => categories.includes(category)).map((category) => ({ category })),
    ...ALL_TYPES.filter((type) => types.includes(type)).map((type) => ({ type })),
    ...byCategory.flat(),
  ];
  const lastModified = newest[0]?.date ?? 0;
  const products = all.totalCount;
  // A changed product moves the newest date (a product's date is its last change, spec section 3).
  const digest = createHash('sha256')
    .update(JSON.stringify([origin, products, lastModified, perFile, views]))
    .digest('base64url')
    .slice(0, 22);
  return { products, lastModified, views, digest };
}

export interface SitemapDocument {
  body: string;
  etag: string;
  lastModified: number;
}

export const PAGES_SITEMAP_PATH = '/sitemap-pages.xml';
export const productSitemapPath = (file: number) => `/sitemap-products-${String(file)}.xml`;

export function productFileCount(summary: SitemapSummary, perFile = SITEMAP_MAX_URLS): number {
  return Math.ceil(summary.products / perFile);
}

/** Known before the file (1-based) is read. */
export function productFileEtag(summary: SitemapSummary, file: number): string {
  return `"${summary.digest}-${String(file)}"`;
}

function documentOf(body: string, lastModified: number): SitemapDocument {
  return {
    body,
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
    lastModified,
  };
}

export function sitemapIndex(
  summary: SitemapSummary,
  origin: string,
  perFile = SITEMAP_MAX_URLS,
): SitemapDocument {
  const lastmod = w3cDate(summary.lastModified);
  const line = (path: string) =>
    `<sitemap><loc>${escapeXml(absoluteUrl(origin, path))}</loc>${lastmod === undefined ? '' : `<lastmod>${lastmod}</lastmod>`}</sitemap>\n`;
  const files = Array.from({ length: productFileCount(summary, perFile) }, (_, i) =>
    line(productSitemapPath(i + 1)),
  );
  return documentOf(
    `${INDEX_OPEN}${line(PAGES_SITEMAP_PATH)}${files.join('')}${INDEX_CLOSE}`,
    summary.lastModified,
  );
}

export function pagesSitemap(summary: SitemapSummary, origin: string): SitemapDocument {
  const lines = [
    urlEntry(absoluteUrl(origin, '/'), summary.lastModified),
    urlEntry(absoluteUrl(origin, collectionPath({})), summary.lastModified),
    ...summary.views.map((view) => urlEntry(absoluteUrl(origin, collectionPath(view)))),
  ];
  return documentOf(`${URLSET_OPEN}${lines.join('')}${URLSET_CLOSE}`, summary.lastModified);
}

/** Page by page in the catalogue's order, from after `after`. */
async function* listedProducts(
  catalog: Catalog,
  origin: string,
  after: string | null,
): AsyncGenerator<Array<{ cursor: string; entry: string }>> {
  let cursor = after;
  for (;;) {
    const page = await catalog.page({
      filter: EVERY_PRODUCT,
      sort: 'RELEVANT',
      first: MAX_PAGE_SIZE,
      after: cursor,
    });
    yield page.edges.flatMap(({ node, cursor: edgeCursor }) => {
      const entry = productEntry(origin, node);
      return entry === undefined ? [] : [{ cursor: edgeCursor, entry }];
    });
    const last = page.edges.at(-1);
    if (!page.hasNextPage || last === undefined || last.cursor === '') return;
    cursor = last.cursor;
  }
}

/** The cursor each product file starts after, learnt by reading; kept for one catalogue version. */
export class FileStarts {
  readonly #starts: Array<string | null> = [null];

  constructor(readonly perFile = SITEMAP_MAX_URLS) {}

  known(file: number): string | null | undefined {
    return this.#starts[file - 1];
  }

  learn(file: number, after: string): void {
    if (this.#starts.length === file - 1) this.#starts.push(after);
  }

  /** The start of `file`, reading (not writing) the files before it from the last start known. */
  async find(catalog: Catalog, origin: string, file: number): Promise<string | null | undefined> {
    let from = this.#starts.length;
    if (from >= file) return this.#starts[file - 1];
    let left = this.perFile;
    for await (const page of listedProducts(catalog, origin, this.#starts[from - 1] ?? null)) {
      for (const { cursor } of page) {
        left -= 1;
        if (left > 0) continue;
        if (cursor === '') return undefined;
        this.learn((from += 1), cursor);
        if (from === file) return cursor;
        left = this.perFile;
      }
    }
    return undefined;
  }
}

/** At most `perFile` lines, whatever the catalogue does meanwhile; learns where the next file starts. */
export async function* productSitemap(
  catalog: Catalog,
  origin: string,
  file: number,
  after: string | null,
  starts?: FileStarts,
): AsyncGenerator<string> {
  const perFile = starts?.perFile ?? SITEMAP_MAX_URLS;
  yield URLSET_OPEN;
  let left = perFile;
  for await (const page of listedProducts(catalog, origin, after)) {
    const lines: string[] = [];
    for (const { cursor, entry } of page) {
      lines.push(entry);
      left -= 1;
      if (left === 0) {
        if (cursor !== '') starts?.learn(file + 1, cursor);
        break;
      }
    }
    yield lines.join('');
    if (left === 0) break;
  }
  yield URLSET_CLOSE;
}
