import { OPTIMIZED_IMAGE_PATH } from '#domain/images';
import { ROUTE_LIST } from '../shared/route-table';
import { OFFLINE_COLOURS } from './offline-page';

// What the service worker keeps for a shopper whose connection comes and goes (docs/decisions/026). Pure rules,
// so they are tested without a worker; sw.ts wires them to Workbox.

/** The worker's caches, one per kind; a change in what they hold gets a new version in the name. */
export const PAGES_CACHE = 'store-pages-v1';
export const IMAGES_CACHE = 'store-images-v1';

/** Pages kept: the newest 60 a shopper opened, for a week. */
export const PAGES_MAX_ENTRIES = 60;
export const PAGES_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;
/** Images kept: 150 of at most 512 KiB each, so the images cache never holds more than 75 MiB. */
export const IMAGES_MAX_ENTRIES = 150;
export const IMAGE_MAX_BYTES = 512 * 1024;
export const IMAGES_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** How long a page waits for the network before the copy kept from an earlier visit is shown. */
export const PAGE_NETWORK_TIMEOUT_SECONDS = 4;

/** Paths the BFF answers that are not pages (a navigation there is left to the network). */
const NOT_PAGES = /^\/(api|graphql|images|healthz|_img|sw\.js|robots\.txt|sitemap\.xml)(\/|$)/;

/** The shopper's own pages (cart, sign-in, checkout, orders): never kept, always from the network. */
const PRIVATE_PREFIXES = ROUTE_LIST.filter((route) => route.private === true).map((route) => route.path);

export type PageRule = 'kept' | 'network-only' | 'not-a-page';

/** What the worker does with a navigation to `url` on the store's own origin. */
export function pageRule(url: URL): PageRule {
  if (NOT_PAGES.test(url.pathname)) return 'not-a-page';
  const own = PRIVATE_PREFIXES.some(
    (prefix) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`),
  );
  return own ? 'network-only' : 'kept';
}

/** Images the store serves itself (optimised, or proxied from the catalogue): kept, cache first. */
export function isStoreImage(url: URL): boolean {
  const { pathname } = url;
  return (
    pathname === OPTIMIZED_IMAGE_PATH ||
    pathname.startsWith(`${OPTIMIZED_IMAGE_PATH}/`) ||
    pathname.startsWith('/images/')
  );
}

/** An image worth keeping: a complete answer no larger than IMAGE_MAX_BYTES. */
export function isKeptImage(response: Pick<Response, 'status' | 'headers'>): boolean {
  if (response.status !== 200) return false;
  const length = Number(response.headers.get('content-length'));
  return Number.isFinite(length) && length > 0 && length <= IMAGE_MAX_BYTES;
}

/** When a kept answer was fetched, from its `Date` header; undefined when it has none or not a date. */
export function fetchedAtOf(response: Pick<Response, 'headers'>): Date | undefined {
  const date = new Date(response.headers.get('date') ?? NaN);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

const KEPT_AT = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium', timeStyle: 'short' });

/** When a kept copy was fetched, as the shopper reads it: "as of 27 Nov 2026, 2:14 am". */
export function asOfText(fetchedAt: Date | undefined): string {
  return fetchedAt && !Number.isNaN(fetchedAt.getTime()) ? `as of ${KEPT_AT.format(fetchedAt)}` : 'as it was';
}

/**
 * A kept page shown without a network says so before any script runs: a strip fixed to the foot of the screen,
 * outside the app's root (hydration never sees it), with the time the page was fetched. Prices and stock on it
 * are not live.
 */
export function markKeptPage(html: string, fetchedAt: Date | undefined): string {
  const when = asOfText(fetchedAt);
  const strip =
    '<style>body{padding-bottom:4.5rem}</style>' +
    `<p role="status" data-kept-copy style="position:fixed;inset:auto 0 0 0;z-index:2147483000;margin:0;` +
    `padding:.75rem 1rem;background:${OFFLINE_COLOURS.ink};color:${OFFLINE_COLOURS.background};` +
    `font:500 .85rem/1.4 system-ui,sans-serif;text-align:center">You’re offline: this page is shown ${when}. ` +
    `Prices and stock may have changed.</p>`;
  const body = /<body[^>]*>/i.exec(html);
  if (!body) return html;
  const at = body.index + body[0].length;
  return `${html.slice(0, at)}${strip}${html.slice(at)}`;
}
