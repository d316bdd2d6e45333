import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, loadEnv, type Plugin } from 'vite';
import { firstVisitChunks } from './build/first-visit-chunks.ts';
import { fontSubsets } from './build/font-subsets.ts';
import { prerenderRoutes } from './build/prerender.ts';
import { serviceWorker } from './build/service-worker.ts';
import { brandFromEnv } from './src/shared/brand-env.ts';
import { escapeHtml } from './src/shared/escape-html.ts';
import { OPTIMIZED_IMAGE_PATH } from '#domain/images';

// The BFF serves /graphql and /_img and proxies /images; in dev Vite forwards them so the app keeps same-origin URLs.
const BFF_ORIGIN = 'http://127.0.0.1:3000';
const bffProxy = { '/graphql': BFF_ORIGIN, '/images': BFF_ORIGIN, [OPTIMIZED_IMAGE_PATH]: BFF_ORIGIN };

// The served HTML names the store before any script runs (crawlers, link previews, the first paint).
function storeNameInHtml(storeName: string): Plugin {
  return {
    name: 'store-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%STORE_NAME%', escapeHtml(storeName)),
  };
}

// React Router's package exports its development build under every condition (its warnings switched on); the
// production build beside it differs only by that switch, and is what a built app runs.
const reactRouterDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: resolve(reactRouterDir, 'dist/production/index.mjs') },
  { find: /^react-router\/dom$/, replacement: resolve(reactRouterDir, 'dist/production/dom-export.mjs') },
];

export default defineConfig(({ mode }) => {
  const brand = brandFromEnv(loadEnv(mode, import.meta.dirname, 'VITE_'), (message) => console.warn(message));
  const chunks = firstVisitChunks({
    entry: '/src/boot.ts',
    start: '/src/main.tsx',
    lazy: [
      '/src/graphql/apollo-client.ts',
      // What the cart's index.ts offers the cart, checkout and product pages, which a first visit does not run.
      '/src/features/cart/cart-totals-panel.tsx',
      '/src/features/cart/use-cart-view.ts',
      '/src/features/cart/use-add-to-cart.ts',
      '/src/features/cart/products-failed-notice.tsx',
    ],
    // Home, the collection and product pages all show product cards in a grid and set the document's title.
    shared: [
      '/src/shared/catalog/product-card.tsx',
      '/src/shared/catalog/product-grid.module.css',
      '/src/shared/use-document-meta.ts',
      '/src/shared/use-drawn-when-idle.ts',
    ],
    framework: ['react', 'react-dom', 'scheduler'],
  });
  return {
    root: import.meta.dirname,
    // rxjs's ES2015 build: classes instead of ES5 functions and tslib's helpers (about 2 KiB less on first visits).
    resolve: {
      conditions: [...defaultClientConditions, 'es2015'],
      alias: mode === 'production' ? reactRouterProduction : [],
    },
    plugins: [
      fontSubsets(),
      react(),
      storeNameInHtml(brand.storeName),
      serviceWorker(brand),
      prerenderRoutes(),
      chunks.plugin,
    ],
    // The brand as validated here (web/src/shared/brand.ts reads it).
    define: { __STORE_BRAND__: JSON.stringify(brand) },
    // The app imports machines/ and domain/ from the repository root, outside web/.
    server: { proxy: bffProxy, fs: { allow: [resolve(import.meta.dirname, '..')] } },
    preview: { proxy: bffProxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // One stylesheet for every page (7 KiB gzip): the first paint of any page waits for one request, and
      // the next page finds it cached.
      cssCodeSplit: false,
      rolldownOptions: { output: { codeSplitting: { groups: chunks.groups } } },
    },
  };
});
