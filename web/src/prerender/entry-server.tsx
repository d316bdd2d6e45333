import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { prerenderStatic } from '@apollo/client/react/ssr';
import { print } from 'graphql';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { matchPath, StaticRouter } from 'react-router-dom';
import { Observable } from 'rxjs';
import { isOptimizable, optimizedImageUrl } from '#domain/images';
import type { ExecuteOperation, RenderedPage, RenderOptions, StoreIdentity } from '#domain/server-render';
import { RELATED_PRODUCTS_LIMIT } from '#domain/store-rules';
import { AppRoutes } from '../app/routes';
import { AppShell } from '../app/app-shell';
import { PageFallback } from '../app/page-fallback';
import { documentTitle, ROUTE_LIST, ROUTES, type RouteMeta, type RouteName } from '../shared/route-table';
import { serializeServerState } from '../graphql/server-state';
import { createCache } from '../graphql/apollo-client';
import type { ServerResult } from '../graphql/server-results-client';
import { ProductDetailDocument } from '../features/product/generated/documents';
import { HERO_FIRST_POSTERS, HERO_VIDEOS } from '../features/home/hero/hero-videos';
import { collectionTitle, parseCollectionParams } from '../features/collection';
import { canonicalCollectionHref } from '../features/collection/collection-params';
import { BRAND } from '../shared/brand';
import { escapeHtml } from '../shared/escape-html';
import { formatPrice } from '../shared/catalog/format-price';
import { productMeta } from '../features/product/product-meta';
import { MISSING_PRODUCT, REMOVED_PRODUCT, RemovedProductContext } from '../features/product/removed-product';
import FALLBACK_FACES from '../shared/fallback-fonts.css?inline';
import FONT_FACES from '../shared/fonts.css?inline';
import { withPageStyles, type PageFonts, type StylesheetIndex } from './page-styles';

/** Defined by the server build (web/build/prerender.ts); absent in tests. */
declare const __PAGE_STYLESHEET__: StylesheetIndex | undefined;

export const PAGE_FONTS: PageFonts = { fallbacks: FALLBACK_FACES, faces: FONT_FACES };

function withBuiltStyles(html: string): string {
  return typeof __PAGE_STYLESHEET__ === 'undefined'
    ? html
    : withPageStyles(html, __PAGE_STYLESHEET__, PAGE_FONTS);
}

// Node only: web/build/prerender.ts renders the route shells with it at build time, the BFF
// (bff/src/site/page-renderer.ts) the pages with their data at request time (docs/decisions/008).
export { documentTitle, ROUTE_LIST };

/** The store as this build names it, for the BFF's structured data (bff/src/seo/structured-data.ts). */
export const STORE_IDENTITY: StoreIdentity = {
  name: BRAND.storeName,
  description: ROUTES.home.meta.description,
  email: BRAND.contactEmail,
  telephone: BRAND.contactPhone,
  logoPath: '/favicon.svg',
};

async function toHtml(node: React.ReactNode): Promise<string> {
  // `prerender` waits for every React.lazy page to load; renderToString then writes the finished tree in one
  // piece. (Streamed output reveals Suspense boundaries with inline <script>s, which the site's CSP blocks.)
  await (await prerender(node)).prelude.cancel();
  const html = renderToString(node);
  if (html.includes('<script')) throw new Error('prerender: the markup still needs an inline script');
  if (html.includes('<!--$!-->') || html.includes('<!--$?-->'))
    throw new Error('prerender: a page did not finish rendering');
  return html;
}

function app(client: ApolloClient, url: string, removedProduct?: string): React.ReactNode {
  return (
    <StrictMode>
      <ApolloProvider client={client}>
        <RemovedProductContext value={removedProduct}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </RemovedProductContext>
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

/** Nav, footer and a loading page for routes not prerendered (rendered over, not hydrated). */
export function renderShell(): Promise<string> {
  return toHtml(
    <ApolloProvider client={shellClient()}>
      <StaticRouter location="/">
        <AppShell page={<PageFallback />} />
      </StaticRouter>
    </ApolloProvider>,
  );
}

export interface DocumentParts {
  root: string;
  /** The URL the markup was rendered for: the browser hydrates it only there (main.tsx). */
  route?: string;
  /** The removed product the page is for, read by the browser's first render (product-page.tsx). */
  removedProduct?: string;
  title: string;
  description: string;
  /** The canonical URL: absolute when the store's origin is known, else its path (the page completes it). */
  canonicalPath?: string;
  head?: readonly string[];
  /** Elements after the root, such as the serialized query results. */
  tail?: string;
}

/** The built index.html with a page's content, title and description filled in. */
export function fillDocument(template: string, parts: DocumentParts): string {
  // Any spacing of the template's elements (a formatter may wrap them); without them every page would share one.
  const title = /<title>[\s\S]*?<\/title>/;
  const description = /(<meta\s+name="description"\s+content=")[^"]*(")/;
  if (!title.test(template) || !description.test(template))
    throw new Error('fillDocument: the template has no <title> or <meta name="description" content="…">');
  let html = template
    .replace(title, () => `<title>${escapeHtml(parts.title)}</title>`)
    .replace(
      description,
      (_match, open: string, close: string) => `${open}${escapeHtml(parts.description)}${close}`,
    );
  const head = [
    ...(parts.canonicalPath === undefined
      ? []
      : [`<link rel="canonical" href="${escapeHtml(parts.canonicalPath)}">`]),
    ...(parts.head ?? []),
  ];
  if (head.length > 0) html = html.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`);
  const routeAttribute =
    (parts.route === undefined ? '' : ` data-route="${escapeHtml(parts.route)}"`) +
    (parts.removedProduct === undefined ? '' : ` data-removed-product="${escapeHtml(parts.removedProduct)}"`);
  return html.replace(
    '<div id="root"></div>',
    () => `<div id="root"${routeAttribute}>${parts.root}</div>${parts.tail ?? ''}`,
  );
}

/**
 * Collection and product pages (their largest element is a product image) and home (its latest products then
 * need no fetch and no second render after hydration).
 */
const DATA_ROUTES = ROUTE_LIST.filter((route) => route.withData === true);

/**
 * Images a route's first screen shows before any script runs: home's LCP is the hero's first poster, in the
 * cut the screen's shape calls for (each preload carries its media query, so a screen fetches one).
 */
const ROUTE_IMAGES: Partial<Record<RouteName, ReadonlyArray<{ href: string; media?: string }>>> = {
  home: HERO_FIRST_POSTERS,
};

/** The head elements only the route `name`'s first screen needs. */
export function routeHead(name: RouteName): string[] {
  return (ROUTE_IMAGES[name] ?? []).map(
    ({ href, media }) =>
      `<link rel="preload" as="image" href="${escapeHtml(href)}"${media === undefined ? '' : ` media="${escapeHtml(media)}"`} fetchpriority="high">`,
  );
}

/** Keeps search engines out of a product page whose product is missing or removed (404 or 410). */
const NOINDEX = '<meta name="robots" content="noindex">';
/** The width link previews ask for (at least 1200 px): the image optimizer's nearest. */
const PREVIEW_WIDTH = 1280;

interface LinkPreview {
  type: 'website' | 'product';
  url: string;
  title: string;
  description: string;
  image: { url: string; width?: number; height?: number; alt: string };
  price?: number;
}

/** Open Graph and Twitter card tags: what a chat app or a social site shows for a shared link. */
function linkPreviewHead(preview: LinkPreview): string[] {
  const tag = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const { image } = preview;
  return [
    tag('property', 'og:type', preview.type),
    tag('property', 'og:site_name', BRAND.storeName),
    tag('property', 'og:locale', 'en_IN'),
    tag('property', 'og:url', preview.url),
    tag('property', 'og:title', preview.title),
    tag('property', 'og:description', preview.description),
    tag('property', 'og:image', image.url),
    ...(image.width === undefined ? [] : [tag('property', 'og:image:width', String(image.width))]),
    ...(image.height === undefined ? [] : [tag('property', 'og:image:height', String(image.height))]),
    tag('property', 'og:image:alt', image.alt),
    ...(preview.price === undefined
      ? []
      : [
          tag('property', 'product:price:amount', preview.price.toFixed(2)),
          tag('property', 'product:price:currency', 'INR'),
          // Slack and others show these beside the card.
          tag('name', 'twitter:label1', 'Price'),
          tag('name', 'twitter:data1', formatPrice(preview.price)),
        ]),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', preview.title),
    tag('name', 'twitter:description', preview.description),
    tag('name', 'twitter:image', image.url),
    tag('name', 'twitter:image:alt', image.alt),
  ];
}

function absoluteImage(origin: string, src: string): string {
  const path = isOptimizable(src) ? optimizedImageUrl(src, PREVIEW_WIDTH) : src;
  return new URL(path, origin).href;
}

/**
 * The page at `url` with its data, followed by the query results it was rendered from, so the browser's first
 * render hydrates it. Undefined for other routes and when a query failed: the caller serves the route shell.
 */
export async function renderPageWithData(
  template: string,
  url: string,
  execute: ExecuteOperation,
  { origin, removed }: RenderOptions = {},
): Promise<RenderedPage | undefined> {
  const { pathname, searchParams } = new URL(url, 'http://store.invalid');
  const route = DATA_ROUTES.find(({ path }) => matchPath(path, pathname));
  if (route === undefined) return undefined;

  // Set from the link's callbacks: a page rendered from a failed query would show an error the browser's
  // first render could not hydrate.
  const outcome = { failed: false };
  // What the browser's first render reads (server-results-client.ts), one entry per query the page ran.
  const results: ServerResult[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const { operationName, variables } = operation;
        execute({ query: print(operation.query), variables, operationName })
          .then((result) => {
            if (result.errors !== undefined && result.errors.length > 0) outcome.failed = true;
            else if (operationName !== undefined && result.data)
              results.push({ operationName, variables, data: result.data });
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

  let status = 200;
  // A product page's words are its product's (below).
  let { title, description }: RouteMeta = route.meta ?? ROUTES.home.meta;
  // The one address of what the page shows: a collection view's filters and search in their canonical form
  // (defaults and the sort dropped, parameters in one order), so its spellings do not compete.
  let canonicalPath = pathname;
  const hero = HERO_VIDEOS[0]!.landscape;
  let image: LinkPreview['image'] = {
    url: hero.poster,
    width: hero.width,
    height: hero.height,
    alt: BRAND.storeName,
  };
  let price: number | undefined;
  if (route.name === 'collection') {
    const view = parseCollectionParams(searchParams);
    title = collectionTitle(view);
    canonicalPath = canonicalCollectionHref(view);
  }
  const productId = route.name === 'product' ? matchPath(route.path, pathname)?.params.productId : undefined;
  if (productId !== undefined) {
    const product = client.readQuery({
      query: ProductDetailDocument,
      variables: { id: productId, relatedLimit: RELATED_PRODUCTS_LIMIT },
    })?.product;
    if (!product) status = (await removed?.(productId)) === true ? 410 : 404;
    // The same words the page sets in the browser (product-page.tsx).
    ({ title, description } = product
      ? productMeta(product)
      : status === 410
        ? REMOVED_PRODUCT
        : MISSING_PRODUCT);
    const first = product?.images[0];
    if (product && first !== undefined) image = { url: first, alt: product.name };
    price = product?.price;
  }
  const removedProduct = status === 410 ? productId : undefined;
  const root = await toHtml(app(client, url, removedProduct));
  const head = routeHead(route.name);
  if (status !== 200) head.push(NOINDEX);
  else if (origin !== undefined) {
    const absolute = new URL(canonicalPath, origin).href;
    head.push(
      ...linkPreviewHead({
        type: productId === undefined ? 'website' : 'product',
        url: absolute,
        title: documentTitle(title),
        description,
        image: { ...image, url: absoluteImage(origin, image.url) },
        price,
      }),
    );
    canonicalPath = absolute;
  }
  const html = fillDocument(template, {
    root,
    route: url,
    removedProduct,
    ...(status === 200 ? { canonicalPath } : {}),
    title: documentTitle(title),
    description,
    head,
    tail: serializeServerState(results),
  });
  return { status, html: withBuiltStyles(html) };
}
