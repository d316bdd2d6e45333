// The contract between the web app's server build and the BFF that loads it (docs/first-visit.md). The BFF checks at
// run time what it loads, since a build and a BFF may come from different commits.
import type { FormattedExecutionResult } from 'graphql';
import * as z from 'zod/mini';

/** Runs one GraphQL operation against the BFF's schema, in process. */
export type ExecuteOperation = (operation: {
  /** The operation's text: the server build carries its own copy of graphql-js, so no AST object crosses over. */
  query: string;
  variables: Record<string, unknown>;
  operationName: string | undefined;
}) => Promise<FormattedExecutionResult>;

export interface RenderedPage {
  status: number;
  html: string;
}

export interface RenderOptions {
  /** The store's public origin (PUBLIC_URL): the canonical link and link previews are absolute on it. */
  origin?: string;
  /**
   * Whether the back office removed a product the catalogue lacks: its page answers 410 Gone and says it is no longer
   * sold. Without it (or on a backend that cannot tell) a missing product is 404.
   */
  removed?: (productId: string) => Promise<boolean>;
}

/** The store as its web build names it (the BFF knows no brand of its own), for the structured data. */
export const storeIdentitySchema = z.object({
  name: z.string().check(z.minLength(1)),
  description: z.string(),
  email: z.optional(z.string()),
  telephone: z.optional(z.string()),
  logoPath: z.optional(z.string().check(z.startsWith('/'))),
});

export type StoreIdentity = z.infer<typeof storeIdentitySchema>;

export interface ServerEntry {
  /**
   * The page at `url` rendered with its data, the query results serialized after it; undefined for a route without
   * data or when a query failed (the BFF then serves the route's shell).
   */
  renderPageWithData(
    template: string,
    url: string,
    execute: ExecuteOperation,
    options?: RenderOptions,
  ): Promise<RenderedPage | undefined>;
  /** Checked against storeIdentitySchema when loaded; a build from another commit may lack it. */
  STORE_IDENTITY?: unknown;
}

/** One route of the web app's route table (web/src/shared/route-table.ts), as the BFF needs it. */
export const pageRouteSchema = z.object({
  /** React Router's pattern: `/product/:productId`. */
  path: z.string().check(z.startsWith('/'), z.maxLength(200)),
  /** A shopper's own page: robots.txt keeps crawlers out. */
  private: z.boolean(),
});

export type PageRoute = z.infer<typeof pageRouteSchema>;

export const serverManifestSchema = z.object({
  /** The entry's file name: new with every build, so a BFF that loaded an earlier one imports it afresh. */
  entry: z.string().check(z.regex(/^entry-server-[\w-]+\.js$/)),
  /** The built index.html the BFF fills with a rendered page. */
  template: z.string().check(z.includes('<div id="root"></div>')),
  /** Optional: a build from another commit may lack it. */
  routes: z.optional(z.array(pageRouteSchema).check(z.maxLength(100))),
});

export type ServerManifest = z.infer<typeof serverManifestSchema>;

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
      pattern.every((part, index) =>
        part.startsWith(':') ? segments[index] !== '' : part === segments[index],
      )
    );
  });
}
