import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { BoundedCache, stringBytes } from '../../../lib/bounded-cache.js';
import { SingleFlight } from '../../../lib/single-flight.js';
import type { Seo } from '../seo/seo-routes.js';
import {
  storeIdentitySchema,
  type ExecuteOperation,
  type RenderedPage,
  type ServerEntry,
  type StoreIdentity,
} from '#domain/server-render';
import { readServerManifest, serverDirOf, serverManifestFileOf } from './server-manifest.js';

// Home, the collection and product pages rendered with their data at request time (docs/decisions/008), so
// their largest element (a product image) is in the HTML the shopper's browser receives. The rendering code is the
// web app's own, built for Node beside the browser build (`<WEB_DIST>-server/`, web/build/prerender.ts); the
// data comes from this BFF's schema, in process, so it is the catalogue cache's.

function isServerEntry(module: unknown): module is ServerEntry {
  return (
    typeof module === 'object' &&
    module !== null &&
    typeof (module as Partial<ServerEntry>).renderPageWithData === 'function'
  );
}

/** The head's end, or the document's start when a template has no head element. */
function withHead(html: string, elements: readonly string[]): string {
  if (elements.length === 0) return html;
  const at = html.indexOf('</head>');
  const text = `${elements.join('\n    ')}\n  `;
  return at === -1 ? `${text}${html}` : `${html.slice(0, at)}  ${text}${html.slice(at)}`;
}

export interface PageRenderer {
  /**
   * The page at `url` with its data; undefined when the route has none or its data could not be read. A page whose
   * data `complete()` says is not final yet (an image placeholder still being made) is served but not kept.
   */
  render(url: string, execute: ExecuteOperation, complete?: () => boolean): Promise<RenderedPage | undefined>;
}

/**
 * The rendered pages kept, by their HTML's bytes: a page is some 50–200 KB, so this keeps the few hundred most asked
 * for, and a flood of distinct URLs (every search term is one) makes the BFF forget pages, never grow.
 */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/**
 * Renders running at once (each about 40 ms of CPU). Beyond it, a page not kept is answered with its shell, which
 * costs nothing: a flood of distinct URLs (every search term is one) cannot take the BFF's CPU from GraphQL.
 */
const MAX_CONCURRENT_RENDERS = 4;

interface LoadedBuild {
  builtAt: number;
  template: string;
  entry: ServerEntry;
  store: StoreIdentity | undefined;
}

/**
 * The server build that sits beside `webDist`; undefined when there is none (the routes' shells are then served
 * as they are). A rebuild is picked up without a restart, as the static files are: its entry has a new name,
 * imported afresh. Pages are kept per URL while the catalogue version they were rendered from is current.
 */
export async function loadPageRenderer(
  webDist: string,
  catalogVersion: () => Promise<number>,
  seo?: Pick<Seo, 'origin' | 'pageHead'>,
  /** Whether the back office removed the product with this id (the catalogue's `removed`); absent: none is. */
  removedProduct?: (id: string) => Promise<boolean>,
): Promise<PageRenderer | undefined> {
  const serverDir = serverDirOf(webDist);
  const manifestFile = serverManifestFileOf(webDist);
  if (!existsSync(manifestFile)) return undefined;

  const load = async (builtAt: number): Promise<LoadedBuild> => {
    const manifest = readServerManifest(webDist);
    if (manifest === undefined)
      throw new Error(`${manifestFile} is gone: rebuild the web app (npm run build:web)`);
    const entry: unknown = await import(pathToFileURL(path.join(serverDir, manifest.entry)).href);
    if (!isServerEntry(entry))
      throw new Error(
        `${manifest.entry} does not export renderPageWithData: rebuild the web app (npm run build:web)`,
      );
    const store = storeIdentitySchema.safeParse(entry.STORE_IDENTITY);
    return { builtAt, template: manifest.template, entry, store: store.success ? store.data : undefined };
  };
  let build = await load(statSync(manifestFile).mtimeMs);

  // Pages kept while the catalogue version they were rendered from is current; renders under way are shared, so
  // concurrent requests for one URL cost one render.
  const pages = new BoundedCache<{ version: number; page: RenderedPage }>({
    maxBytes: PAGE_CACHE_BYTES,
    sizeOf: ({ page }) => stringBytes(page.html),
  });
  const renders = new SingleFlight<RenderedPage | undefined>();

  return {
    async render(url, execute, complete = () => true) {
      const builtAt = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
      if (builtAt === undefined) return undefined;
      if (builtAt !== build.builtAt) {
        build = await load(builtAt);
        pages.clear();
      }
      const version = await catalogVersion();
      const kept = pages.get(url);
      if (kept?.version === version) return kept.page;
      const { entry, template, store } = build;
      return renders.run(`${String(build.builtAt)} ${String(version)} ${url}`, async () => {
        // Other URLs' renders under way (this one is not counted until it starts).
        if (renders.size >= MAX_CONCURRENT_RENDERS) return undefined;
        const rendered = await entry.renderPageWithData(template, url, execute, {
          ...(seo && { origin: seo.origin() }),
          // A failed check is "not known to be removed": the page stays the 404 it was.
          ...(removedProduct && { removed: (id: string) => removedProduct(id).catch(() => false) }),
        });
        // Structured data for a page that is there (a missing or removed product's has none), from the same catalogue.
        const page =
          rendered?.status === 200 && seo !== undefined && store !== undefined
            ? { ...rendered, html: withHead(rendered.html, await seo.pageHead(url, store)) }
            : rendered;
        // A data-less render is not kept (nor is a failed or unfinished one): the next request tries again.
        if (page !== undefined && complete()) pages.set(url, { version, page });
        return page;
      });
    },
  };
}
