import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell';
import { pageChunk } from '../shared/page-chunks';
import { ROUTE_LIST, ROUTES, type RouteName } from '../shared/route-table';

// Every page is a separate chunk; the shell (nav, footer, toasts) is the only UI in the entry chunk. The
// paths are the route table's (shared/route-table.ts); a route without a page here does not compile.
const PAGES: Record<RouteName, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import('../features/home/home-page')),
  collection: lazy(() => import('../features/collection/collection-page')),
  product: lazy(() => import('../features/product/product-page')),
  // Registered by path: "View cart" and PLACE ORDER fetch these before going there (shared/page-chunks.ts).
  cart: lazy(pageChunk(ROUTES.cart.path, () => import('../features/cart/cart-page'))),
  login: lazy(() => import('../features/login/login-page')),
  placeOrder: lazy(() => import('../features/place-order/place-order-page')),
  orders: lazy(pageChunk(ROUTES.orders.path, () => import('../features/orders/orders-page'))),
};
const NotFoundPage = lazy(() => import('./not-found-page'));

function pageRoute({ name, path }: (typeof ROUTE_LIST)[number]): RouteObject {
  const Page = PAGES[name];
  return path === '/' ? { index: true, element: <Page /> } : { path: path.slice(1), element: <Page /> };
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [...ROUTE_LIST.map(pageRoute), { path: '*', element: <NotFoundPage /> }],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
