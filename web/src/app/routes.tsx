import { lazy } from 'react';
import { useRoutes, type RouteObject } from 'react-router-dom';
import { AppShell } from './app-shell';
import { pageChunk } from '../shared/page-chunks';

// Every page is a separate chunk; the shell (nav, footer, toasts) is the only UI in the entry chunk.
const HomePage = lazy(() => import('../features/home/home-page'));
const CollectionPage = lazy(() => import('../features/collection/collection-page'));
const ProductPage = lazy(() => import('../features/product/product-page'));
// Registered by path: "View cart" and PLACE ORDER fetch these before going there (shared/page-chunks.ts).
const CartPage = lazy(pageChunk('/cart', () => import('../features/cart/cart-page')));
const LoginPage = lazy(() => import('../features/login/login-page'));
const PlaceOrderPage = lazy(() => import('../features/place-order/place-order-page'));
const OrdersPage = lazy(pageChunk('/orders', () => import('../features/orders/orders-page')));
const NotFoundPage = lazy(() => import('./not-found-page'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'collection', element: <CollectionPage /> },
      { path: 'product/:productId', element: <ProductPage /> },
      { path: 'cart', element: <CartPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'place-order', element: <PlaceOrderPage /> },
      { path: 'orders', element: <OrdersPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}
