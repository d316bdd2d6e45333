import { resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { prerenderRoutes } from './build/prerender.ts';
import { BRAND_DEFAULTS } from './src/shared/brand-defaults.ts';

// The BFF serves /graphql and proxies /images; in dev Vite forwards both so the app keeps same-origin URLs.
const BFF_ORIGIN = 'http://127.0.0.1:3000';
const bffProxy = { '/graphql': BFF_ORIGIN, '/images': BFF_ORIGIN };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

// The served HTML names the store before any script runs (crawlers, link previews, the first paint).
function storeNameInHtml(storeName: string): Plugin {
  return {
    name: 'store-name-in-html',
    transformIndexHtml: (html) => html.replaceAll('%STORE_NAME%', escapeHtml(storeName)),
  };
}

export default defineConfig(({ mode }) => {
  const env = loadEnv(mode, import.meta.dirname, 'VITE_');
  const storeName = env.VITE_STORE_NAME?.trim() || BRAND_DEFAULTS.storeName;
  return {
    root: import.meta.dirname,
    plugins: [react(), storeNameInHtml(storeName), prerenderRoutes()],
    // The app imports machines/ and domain/ from the repository root, outside web/.
    server: { proxy: bffProxy, fs: { allow: [resolve(import.meta.dirname, '..')] } },
    preview: { proxy: bffProxy },
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      // One stylesheet for every page (7 KiB gzip): the first paint of any page waits for one request, and
      // the next page finds it cached.
      cssCodeSplit: false,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // Apollo Client and what it runs on load with the entry on every page. Left to the automatic
            // splitting, its modules scatter over several small shared chunks (each lazy page uses a different
            // subset), costing extra requests and gzip overhead; one group keeps them in a single chunk.
            groups: [{ name: 'apollo', test: /node_modules[\\/](@apollo[\\/]client|rxjs|graphql|@wry|optimism|tslib)[\\/]/ }],
          },
        },
      },
    },
  };
});
