import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FormattedExecutionResult } from 'graphql';
import { z } from 'zod';

// Home, the collection and product pages rendered with their data at request time (docs/decisions/008), so
// their largest element (a product image) is in the HTML the shopper's browser receives. The rendering code is the
// web app's own, built for Node beside the browser build (`<WEB_DIST>-server/`, web/build/prerender.ts); the
// data comes from this BFF's schema, in process, so it is the catalogue cache's.

export interface RenderedPage {
  status: number;
  html: string;
}

type ExecuteOperation = (operation: {
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}) => Promise<FormattedExecutionResult>;

/** What the BFF uses of web/src/prerender/entry-server.tsx (imports flow from the web app to here, not back). */
interface ServerEntry {
  renderPageWithData(template: string, url: string, execute: ExecuteOperation): Promise<RenderedPage | undefined>;
}

function isServerEntry(module: unknown): module is ServerEntry {
  return typeof module === 'object' && module !== null && typeof (module as Partial<ServerEntry>).renderPageWithData === 'function';
}

export interface PageRenderer {
  /** The page at `url` with its data; undefined when the route has none or its data could not be read. */
  render(url: string, execute: ExecuteOperation): Promise<RenderedPage | undefined>;
}

const MAX_PAGES = 200;
/**
 * Renders running at once (each about 40 ms of CPU). Beyond it, a page not kept is answered with its shell, which
 * costs nothing: a flood of distinct URLs (every search term is one) cannot take the BFF's CPU from GraphQL.
 */
const MAX_CONCURRENT_RENDERS = 4;

interface LoadedBuild {
  builtAt: number;
  template: string;
  entry: ServerEntry;
}

/** `<WEB_DIST>-server/server.json` (web/build/server-half.ts), written last by the build: the entry's file name and the page template. */
const manifestSchema = z.object({
  entry: z.string().regex(/^entry-server-[\w-]+\.js$/),
  template: z.string().includes('<div id="root"></div>'),
});

/**
 * The server build that sits beside `webDist`; undefined when there is none (the routes' shells are then served
 * as they are). A rebuild is picked up without a restart, as the static files are: its entry has a new name,
 * imported afresh. Pages are kept per URL while the catalogue version they were rendered from is current.
 */
export async function loadPageRenderer(webDist: string, catalogVersion: () => Promise<number>): Promise<PageRenderer | undefined> {
  const serverDir = `${path.resolve(webDist)}-server`;
  const manifestFile = path.join(serverDir, 'server.json');
  if (!existsSync(manifestFile)) return undefined;

  const load = async (builtAt: number): Promise<LoadedBuild> => {
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestFile, 'utf8')));
    const entry: unknown = await import(pathToFileURL(path.join(serverDir, manifest.entry)).href);
    if (!isServerEntry(entry))
      throw new Error(`${manifest.entry} does not export renderPageWithData: rebuild the web app (npm run build:web)`);
    return { builtAt, template: manifest.template, entry };
  };
  let build = await load(statSync(manifestFile).mtimeMs);

  // The promise is kept, so concurrent requests for one URL share one render.
  const pages = new Map<string, { version: number; page: Promise<RenderedPage | undefined> }>();
  let rendering = 0;

  return {
    async render(url, execute) {
      const builtAt = statSync(manifestFile, { throwIfNoEntry: false })?.mtimeMs;
      if (builtAt === undefined) return undefined;
      if (builtAt !== build.builtAt) {
        build = await load(builtAt);
        pages.clear();
      }
      const version = await catalogVersion();
      const kept = pages.get(url);
      if (kept?.version === version) {
        // Most recently used last, so the oldest is dropped first.
        pages.delete(url);
        pages.set(url, kept);
        return kept.page;
      }
      if (rendering >= MAX_CONCURRENT_RENDERS) return undefined;
      rendering += 1;
      const page = build.entry.renderPageWithData(build.template, url, execute);
      pages.delete(url);
      pages.set(url, { version, page });
      const oldest = pages.keys().next();
      if (pages.size > MAX_PAGES && oldest.done !== true) pages.delete(oldest.value);
      // A failed or data-less render is not kept: the next request tries again.
      const settled = (kept: boolean) => {
        rendering -= 1;
        if (!kept && pages.get(url)?.page === page) pages.delete(url);
      };
      void page.then(
        (rendered) => settled(rendered !== undefined),
        () => settled(false),
      );
      return page;
    },
  };
}
