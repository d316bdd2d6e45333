import { ApolloClient, ApolloLink, type OperationVariables } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { type FormattedExecutionResult, print } from 'graphql';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router-dom';
import { Observable } from 'rxjs';
import { RELATED_PRODUCTS_LIMIT } from '#domain/store-rules';
import { AppRoutes } from '../app/routes';
import { AppShell } from '../app/app-shell';
import { PageFallback } from '../app/page-fallback';
import { COLLECTION_META, documentTitle, HOME_META, PRERENDERED_ROUTES } from '../shared/prerendered-routes';
import { serializeServerState } from '../app/server-state';
import { createCache } from '../graphql/apollo-client';
import type { ServerResult } from '../graphql/server-results-client';
import { ProductDetailDocument } from '../graphql/generated/graphql';
import { HERO_FIRST_POSTERS } from '../features/home/hero/hero-videos';
import { collectionTitle, parseCollectionParams } from '../features/collection';

// Built for Node, never shipped to the browser. Used twice: at build time by web/build/prerender.ts (route
// shells with skeletons where data will go) and at request time by the BFF (bff/src/site/page-renderer.ts),
// which renders the collection and product pages with their data (docs/decisions/008).
export { documentTitle, PRERENDERED_ROUTES };

async function toHtml(node: React.ReactNode): Promise<string> {
  // `prerender` waits for every React.lazy page to load; renderToString then writes the finished tree in one
  // piece. (Streamed output reveals Suspense boundaries with inline <script>s, which the site's CSP blocks.)
  await (await prerender(node)).prelude.cancel();
  const html = renderToString(node);
  if (html.includes('<script')) throw new Error('prerender: the markup still needs an inline script');
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->')) throw new Error('prerender: a page did not finish rendering');
  return html;
}

function app(client: ApolloClient, url: string): React.ReactNode {
  return (
    <StrictMode>
      <ApolloProvider client={client}>
        <StaticRouter location={url}>
          <AppRoutes />
        </StaticRouter>
      </ApolloProvider>
    </StrictMode>
  );
}

// The shells hold skeletons, never data: the browser's first render (an empty cache) must produce the same
// markup to hydrate. A client whose link never sends keeps every query loading.
function shellClient(): ApolloClient {
  return new ApolloClient({ cache: createCache(), link: ApolloLink.empty(), ssrMode: true });
}

/** The markup of the app at `url`, exactly as the browser's first render produces it (so it hydrates). */
export function renderRoute(url: string): Promise<string> {
  return toHtml(app(shellClient(), url));
}

/** Nav, footer and a loading page: the HTML for routes that are not prerendered (it is rendered over, not hydrated). */
export function renderShell(): Promise<string> {
  return toHtml(
    <ApolloProvider client={shellClient()}>
      <StaticRouter location="/">
        <AppShell page={<PageFallback />} />
      </StaticRouter>
    </ApolloProvider>,
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export interface DocumentParts {
  /** The app's markup for the root element. */
  root: string;
  /** The URL the markup was rendered for: the browser hydrates it only there (main.tsx). */
  route?: string;
  title: string;
  description: string;
  /** The page's path without its query: crawlers that run no script read it here (the page makes it absolute). */
  canonicalPath?: string;
  /** Extra elements for the head. */
  head?: readonly string[];
  /** Elements after the root, such as the serialized query results. */
  tail?: string;
}

/** The built index.html with a page's content, title and description filled in. */
export function fillDocument(template: string, parts: DocumentParts): string {
  let html = template
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace(
      /(<meta name="description" content=")[^"]*(")/,
      (_match, open: string, close: string) => `${open}${escapeHtml(parts.description)}${close}`,
    );
  const head = [
    ...(parts.canonicalPath === undefined ? [] : [`<link rel="canonical" href="${escapeHtml(parts.canonicalPath)}">`]),
    ...(parts.head ?? []),
  ];
  if (head.length > 0) html = html.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  const routeAttribute = parts.route === undefined ? '' : ` data-route="${escapeHtml(parts.route)}"`;
  return html.replace('<div id="root"></div>', () => `<div id="root"${routeAttribute}>${parts.root}</div>${parts.tail ?? ''}`);
}

/** Runs one GraphQL operation against the BFF's schema, in process. */
export type ExecuteOperation = (operation: {
  /** The operation's text: this bundle carries its own copy of graphql-js, so no AST object crosses over. */
  query: string;
  variables: OperationVariables;
  operationName: string | undefined;
}) => Promise<FormattedExecutionResult>;

export interface RenderedPage {
  status: number;
  html: string;
}

/**
 * The pages rendered with their data: the collection and product pages (their largest element is a product
 * image) and home (its latest products then need no fetch and no second render after hydration).
 */
const DATA_ROUTES = ['/', '/collection', '/product/:productId'] as const;

/**
 * Images a route's first screen shows before any script runs: home's LCP is the hero's first poster, in the cut
 * the screen's shape calls for (each preload carries its media query, so a screen fetches one).
 */
const ROUTE_IMAGES: Record<string, ReadonlyArray<{ href: string; media?: string }>> = {
  '/': HERO_FIRST_POSTERS,
};

/** The head elements only `path`'s first screen needs. */
export function routeHead(path: string): string[] {
  return (ROUTE_IMAGES[path] ?? []).map(
    ({ href, media }) =>
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${media === undefined ? '' : ` media="${escapeHtml(media)}"`} fetchpriority="high">`,
  );
}

/**
 * The page at `url` with its data, and the query results it was rendered from serialized after it, so the
 * browser's first render reads the same data and hydrates the markup. Undefined for other routes, and when any
 * query failed: the caller then serves the route shell, which loads its data in the browser as before.
 */
export async function renderPageWithData(template: string, url: string, execute: ExecuteOperation): Promise<RenderedPage | undefined> {
  const { pathname, searchParams } = new URL(url, 'http://store.invalid');
  if (!DATA_ROUTES.some((pattern) => matchPath(pattern, pathname))) return undefined;

  // Set from the link's callbacks: a page rendered from a failed query would show an error the browser's first
  // render (which has no such error) could not hydrate.
  const outcome = { failed: false };
  // What the browser's first render reads (graphql/server-results-client.ts), one entry per query the page ran.
  const results: ServerResult[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const { operationName, variables } = operation;
        execute({ query: print(operation.query), variables, operationName })
          .then((result) => {
            if (result.errors !== undefined && result.errors.length > 0) outcome.failed = true;
            else if (operationName !== undefined && result.data) results.push({ operationName, variables, data: result.data });
            observer.next(result);
            observer.complete();
          })
          .catch((error: unknown) => {
            outcome.failed = true;
            observer.error(error);
          });
      }),
  );
  const cache = createCache();
  const client = new ApolloClient({ cache, link, ssrMode: true });
  await prerenderStatic({ tree: app(client, url), renderFunction: prerender, ignoreResults: true });
  if (outcome.failed) return undefined;
  const root = await toHtml(app(client, url));

  let status = 200;
  let { title, description } = pathname === '/' ? HOME_META : COLLECTION_META;
  if (pathname === '/collection') title = collectionTitle(parseCollectionParams(searchParams));
  const productId = matchPath('/product/:productId', pathname)?.params.productId;
  if (productId !== undefined) {
    const product = client.readQuery({
      query: ProductDetailDocument,
      variables: { id: productId, relatedLimit: RELATED_PRODUCTS_LIMIT },
    })?.product;
    // The same words the page sets in the browser (product-page.tsx).
    title = product ? product.name : 'Product not found';
    description = product ? product.description.slice(0, 155) : 'This product is not in our catalogue.';
    if (!product) status = 404;
  }
  const html = fillDocument(template, {
    root,
    route: url,
    canonicalPath: pathname,
    title: documentTitle(title),
    description,
    head: routeHead(pathname),
    tail: serializeServerState(results),
  });
  return { status, html };
}
