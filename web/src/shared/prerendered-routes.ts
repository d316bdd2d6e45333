import { BRAND, TAGLINE } from './brand';

// The routes whose first screen is rendered at build time into their own HTML file, with the title and
// description a crawler or link preview sees before any script runs. The pages set the same text at run time.
export interface RouteMeta {
  path: string;
  title: string;
  description: string;
}

export const HOME_META: RouteMeta = {
  path: '/',
  title: '',
  description: `${BRAND.storeName}: ${TAGLINE} Men's and women's shoes, cash on delivery, 7-day returns.`,
};

export const COLLECTION_META: RouteMeta = {
  path: '/collection',
  title: 'Collection',
  description: "Shop men's and women's sports shoes, sneakers, leather shoes, slippers and sandals. Filter, sort and search.",
};

export const CART_META: RouteMeta = {
  path: '/cart',
  title: 'Your cart',
  description: 'The shoes you have picked, ready for checkout.',
};

export const LOGIN_META: RouteMeta = {
  path: '/login',
  title: 'Login',
  description: 'Sign in or create an account to place orders.',
};

export const PLACE_ORDER_META: RouteMeta = {
  path: '/place-order',
  title: 'Checkout',
  description: 'Where should we deliver your order? Payment is cash on delivery.',
};

export const ORDERS_META: RouteMeta = {
  path: '/orders',
  title: 'My orders',
  description: 'Every order you have placed, newest first.',
};

export const PRERENDERED_ROUTES: readonly RouteMeta[] = [HOME_META, COLLECTION_META, CART_META, LOGIN_META, PLACE_ORDER_META, ORDERS_META];

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
