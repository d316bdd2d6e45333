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

// Pages rendered with their data at request time, so their largest element is in the HTML (decision 008),
// by the web app's own Node build with data from this BFF's schema, in process.

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
   * Undefined when the route has no data or it could not be read. A page `complete()` calls unfinished (an
   * image placeholder being made) is served but not kept.
   */
  render(url: string, execute: ExecuteOperation, complete?: () => boolean): Promise<RenderedPage | undefined>;
}

/** A few hundred pages of 50–200 KB; a flood of distinct URLs (search terms) makes the BFF forget. */
export const PAGE_CACHE_BYTES = 32 * 1024 * 1024;
/** Each render is some 40 ms of CPU; beyond these, the shell is served, so a flood cannot starve GraphQL. */
const MAX_CONCURRENT_RENDERS = 4;

interface LoadedBuild {
  builtAt: number;
  template: string;
  entry: ServerEntry;
  store: StoreIdentity | undefined;
}

/** Undefined without a server build beside `webDist` (shells are served as is); rebuilds need no restart. */
export async function loadPageRenderer(
  webDist: string,
  catalogVersion: () => Promise<number>,
  seo?: Pick<Seo, 'origin' | 'pageHead'>,
  /** The catalogue's `removed`; absent: none is. */
  removedProduct?: (id: string) => Promise<boolean>,
  /**
   * Import the server entry (some 3 MB of React and the app) before answering, so a broken build stops the start;
   * otherwise on the first page asked, and a BFF that only answers GraphQL (a test's) never loads it.
   */
  { eager = true }: { eager?: boolean } = {},
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

  // Kept while their catalogue version is current; concurrent requests for one URL share one render.
  const pages = new BoundedCache<{ version: number; page: RenderedPage }>({
    maxBytes: PAGE_CACHE_BYTES,
    sizeOf: ({ page }) => stringBytes(page.html),
  });
  const renders = new SingleFlight<RenderedPage | undefined>();

  // The build of the manifest's current mtime: a rebuild is imported afresh; a failed import is tried again.
  let loaded: { builtAt: number; build: Promise<LoadedBuild> } | undefined;
  const buildOf = (builtAt: number): Promise<LoadedBuild> => {
    if (loaded?.builtAt === builtAt) return loaded.build;
    const build = load(builtAt);
    loaded = { builtAt, build };
    pages.clear();
    build.catch(() => {
      if (loaded?.build === build) loaded = undefined;
    });
    return build;
  };
  if (eager) await buildOf(statSync(manifestFile).mtimeMs);

  return {
    async render(url, execute, complete = () => true) {
      const builtAt = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
      if (builtAt === undefined) return undefined;
      const build = await buildOf(builtAt);
      const version = await catalogVersion();
      const kept = pages.get(url);
      if (kept?.version === version) return kept.page;
      const { entry, template, store } = build;
      return renders.run(`${String(build.builtAt)} ${String(version)} ${url}`, async () => {
        // This render is not counted until it starts.
        if (renders.size >= MAX_CONCURRENT_RENDERS) return undefined;
        const rendered = await entry.renderPageWithData(template, url, execute, {
          ...(seo && { origin: seo.origin() }),
          // A failed check is "not known to be removed": the page stays the 404 it was.
          ...(removedProduct && { removed: (id: string) => removedProduct(id).catch(() => false) }),
        });
        // A missing or removed product's page has no structured data.
        const page =
          rendered?.status === 200 && seo !== undefined && store !== undefined
            ? { ...rendered, html: withHead(rendered.html, await seo.pageHead(url, store)) }
            : rendered;
        // A data-less, failed or unfinished render is not kept: the next request tries again.
        if (page !== undefined && complete()) pages.set(url, { version, page });
        return page;
      });
    },
  };
}
