import { BRAND, TAGLINE } from './brand';

// The store's routes, once. The app's router (app/routes.tsx) gives each its page; the build prerenders each
// with `meta` and writes the table into the server manifest, where the BFF reads which paths are pages
// (others are 404s) and which robots.txt keeps out.

export interface RouteMeta {
  title: string;
  description: string;
}

export interface StoreRoute {
  /** React Router's pattern. */
  path: string;
  /**
   * The title and description a crawler or link preview sees before any script runs; the page sets the same
   * at run time. A route with them gets a first screen rendered at build time (`<path>/index.html`).
   */
  meta?: RouteMeta;
  /** Rendered with its data by the BFF on each request (docs/decisions/008). */
  withData?: true;
  /** A shopper's own page (cart, sign-in, checkout, orders): robots.txt keeps crawlers out. */
  private?: true;
}

export const ROUTES = {
  home: {
    path: '/',
    meta: {
      title: '',
      description: `${BRAND.storeName}: ${TAGLINE} Men's and women's shoes, cash on delivery, 7-day returns.`,
    },
    withData: true,
  },
  collection: {
    path: '/collection',
    meta: {
      title: 'Collection',
      description:
        "Shop men's and women's sports shoes, sneakers, leather shoes, slippers and sandals. Filter, sort and search.",
    },
    withData: true,
  },
  product: { path: '/product/:productId', withData: true },
  cart: {
    path: '/cart',
    meta: { title: 'Your cart', description: 'The shoes you have picked, ready for checkout.' },
    private: true,
  },
  login: {
    path: '/login',
    meta: { title: 'Login', description: 'Sign in or create an account to place orders.' },
    private: true,
  },
  placeOrder: {
    path: '/place-order',
    meta: {
      title: 'Checkout',
      description: 'Where should we deliver your order? Payment is cash on delivery.',
    },
    private: true,
  },
  orders: {
    path: '/orders',
    meta: { title: 'My orders', description: 'Every order you have placed, newest first.' },
    private: true,
  },
} as const satisfies Record<string, StoreRoute>;

export type RouteName = keyof typeof ROUTES;

export const ROUTE_LIST: ReadonlyArray<StoreRoute & { name: RouteName }> = Object.entries(ROUTES).map(
  ([name, route]) => ({
    name: name as RouteName,
    ...route,
  }),
);

export function documentTitle(title: string): string {
  return title ? `${title} | ${BRAND.storeName}` : `${BRAND.storeName} — Footwear for everyday elegance`;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Whether the served HTML was rendered for this URL. Build-time shells are rendered without a query string,
 * so `/collection?categories=WOMEN` only hydrates HTML the BFF rendered for exactly that URL.
 */
export function isPrerenderedFor(route: string | undefined, pathname: string, search = ''): boolean {
  if (route === undefined) return false;
  const query = route.indexOf('?');
  const [routePath, routeSearch] = query === -1 ? [route, ''] : [route.slice(0, query), route.slice(query)];
  return routeSearch === search && normalise(routePath) === normalise(pathname);
}
