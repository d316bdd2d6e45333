import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Manifest, type Plugin, type ResolvedConfig } from 'vite';

// After the browser build: render each route's first screen into its own HTML file (dist/collection/index.html
// …), so the largest element is in the served HTML and paints before any script runs (stack.md: LCP ≤ 1.5 s).
// Then write .br/.gz siblings of every text file, which the BFF serves as they are. The canonical link is left
// to the page (use-document-meta.ts): only the browser knows the site's absolute origin.

interface ServerEntry {
  renderRoute: (url: string) => Promise<string>;
  renderShell: () => Promise<string>;
  documentTitle: (title: string) => string;
  PRERENDERED_ROUTES: ReadonlyArray<{ path: string; title: string; description: string }>;
}

/** The page module of each prerendered route: its chunk is preloaded and its CSS linked in the HTML. */
const ROUTE_MODULES: Record<string, string> = {
  '/': 'src/features/home/home-page.tsx',
  '/collection': 'src/features/collection/collection-page.tsx',
  '/cart': 'src/features/cart/cart-page.tsx',
  '/login': 'src/features/login/login-page.tsx',
  '/place-order': 'src/features/place-order/place-order-page.tsx',
  '/orders': 'src/features/orders/orders-page.tsx',
};

/** Images a route's first screen shows before any script runs (the hero's first poster is home's LCP). */
const ROUTE_IMAGES: Record<string, string[]> = {
  '/': ['/videos/hero-1-poster.webp'],
};

/** HTML for routes that are not prerendered (product pages, unknown paths): nav, footer and a spinner. */
export const SHELL_FILE = 'app-shell.html';

const COMPRESSIBLE = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** The chunk files and CSS a module needs beyond the entry, following its static imports. */
function chunkAssets(manifest: Manifest, key: string, seen = new Set<string>()): { js: string[]; css: string[] } {
  const chunk = manifest[key];
  if (!chunk || seen.has(key) || chunk.isEntry) return { js: [], css: [] };
  seen.add(key);
  const js = [chunk.file];
  const css = [...(chunk.css ?? [])];
  for (const imported of chunk.imports ?? []) {
    const inner = chunkAssets(manifest, imported, seen);
    js.push(...inner.js);
    css.push(...inner.css);
  }
  return { js, css };
}

function fontPreloads(outDir: string): string[] {
  // The display face and the body's regular weight: the first screen's text needs both.
  const fonts = readdirSync(path.join(outDir, 'assets')).filter((file) => /^(krona-one-latin-400|outfit-latin-400)-normal-.*\.woff2$/.test(file));
  return fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" href="/assets/${file}" crossorigin>`);
}

function page(template: string, options: { root: string; route?: string; title: string; description: string; head: string[] }): string {
  let html = template
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${escapeHtml(options.title)}</title>`)
    .replace(/(<meta name="description" content=")[^"]*(")/, `$1${escapeHtml(options.description)}$2`);
  html = html.replace('</head>', `  ${options.head.join('\n    ')}\n  </head>`);
  const routeAttribute = options.route === undefined ? '' : ` data-route="${escapeHtml(options.route)}"`;
  return html.replace('<div id="root"></div>', `<div id="root"${routeAttribute}>${options.root}</div>`);
}

function compressAll(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressAll(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    }
  }
}

export function prerenderRoutes(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-routes',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      // The server build below loads this same config; it must not prerender again.
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const serverDir = path.resolve(config.root, '../node_modules/.cache/web-prerender');
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        build: { ssr: 'src/prerender/entry-server.tsx', outDir: serverDir, emptyOutDir: true, copyPublicDir: false, minify: false },
      });
      const server = (await import(`${pathToFileURL(path.join(serverDir, 'entry-server.js')).href}?t=${Date.now()}`)) as ServerEntry;
      const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const fonts = fontPreloads(outDir);

      for (const route of server.PRERENDERED_ROUTES) {
        const module = ROUTE_MODULES[route.path];
        if (!module || !manifest[module]) throw new Error(`prerender: no chunk for ${route.path} (${module ?? 'unmapped'})`);
        const { js, css } = chunkAssets(manifest, module);
        const head = [
          ...fonts,
          ...(ROUTE_IMAGES[route.path] ?? []).map((href) => `<link rel="preload" as="image" href="${href}" fetchpriority="high">`),
          // Without its CSS linked here the prerendered page would paint unstyled until its chunk loaded.
          ...[...new Set(css)].map((href) => `<link rel="stylesheet" href="/${href}">`),
          ...[...new Set(js)].map((href) => `<link rel="modulepreload" href="/${href}">`),
        ];
        const html = page(template, {
          root: await server.renderRoute(route.path),
          route: route.path,
          title: server.documentTitle(route.title),
          description: route.description,
          head,
        });
        const file = route.path === '/' ? path.join(outDir, 'index.html') : path.join(outDir, route.path.slice(1), 'index.html');
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, html);
      }

      const home = server.PRERENDERED_ROUTES.find((route) => route.path === '/');
      writeFileSync(
        path.join(outDir, SHELL_FILE),
        page(template, { root: await server.renderShell(), title: server.documentTitle(''), description: home?.description ?? '', head: fonts }),
      );
      if (!existsSync(path.join(outDir, 'index.html'))) throw new Error('prerender: index.html missing');
      compressAll(outDir);
    },
  };
}
