import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

// `<WEB_DIST>-server/server.json`, written last by the web build (web/build/prerender.ts): the server entry's file
// name, the page template, and the web app's route table (web/src/shared/route-table.ts) as the BFF needs it.

const routeSchema = z.object({
  /** React Router's pattern: `/product/:productId`. */
  path: z.string().startsWith('/').max(200),
  /** A shopper's own page: robots.txt keeps crawlers out. */
  private: z.boolean(),
});

export type PageRoute = z.infer<typeof routeSchema>;

const manifestSchema = z.object({
  entry: z.string().regex(/^entry-server-[\w-]+\.js$/),
  template: z.string().includes('<div id="root"></div>'),
  /** Absent from builds before the route table was written here. */
  routes: z.array(routeSchema).max(100).optional(),
});

export type ServerManifest = z.infer<typeof manifestSchema>;

/** The server half of the build in `webDist` (web/build/server-half.ts says the same). */
export function serverDirOf(webDist: string): string {
  return `${path.resolve(webDist)}-server`;
}

export function serverManifestFileOf(webDist: string): string {
  return path.join(serverDirOf(webDist), 'server.json');
}

/** The build's manifest; undefined when the build has no server half. Throws on a manifest that is not one. */
export function readServerManifest(webDist: string): ServerManifest | undefined {
  const file = serverManifestFileOf(webDist);
  return existsSync(file) ? manifestSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
}

/**
 * Whether `pathname` is one of `routes`' pages: a `:name` segment matches any one non-empty segment. Without a
 * route table (a build that has none) every path is a page, and the app renders its own not-found page.
 */
export function isPagePath(routes: readonly PageRoute[] | undefined, pathname: string): boolean {
  if (routes === undefined) return true;
  const segments = pathname.split('/').filter(Boolean);
  return routes.some(({ path }) => {
    const pattern = path.split('/').filter(Boolean);
    return (
      pattern.length === segments.length &&
      pattern.every((part, index) => (part.startsWith(':') ? segments[index] !== '' : part === segments[index]))
    );
  });
}
