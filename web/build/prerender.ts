import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import type { ServerManifest } from '#domain/server-render';
import type * as ServerEntry from '../src/prerender/entry-server';
import { withPageStyles, type StylesheetIndex } from '../src/prerender/page-styles.ts';
import { serverDirOf, serverManifestOf } from './server-half.ts';
import { rulesFileOf, rulesForTheApp, stylesheetRules } from './stylesheet-index.ts';

// After the browser build: build the server entry (`dist-server/`, the BFF's renderer, docs/decisions/008),
// render each route's first screen into its own HTML file so it paints before any script runs, and write
// .br/.gz siblings of every text file. The page makes its canonical link absolute (use-document-meta.ts).

/** HTML for routes that are not prerendered (product pages, unknown paths): nav, footer and a spinner. */
export const SHELL_FILE = 'app-shell.html';

const COMPRESSIBLE = /\.(html|js|css|svg|json|txt|xml|webmanifest)$/;

/**
 * The stylesheet the built index.html links, as rules each page keeps or leaves out. It declares no font: each
 * page declares the fonts' fallbacks, and load-fonts.ts the fonts, once the page has painted.
 */
function stylesheetOf(html: string, outDir: string): StylesheetIndex {
  const href = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/.exec(html)?.[1];
  if (href === undefined) throw new Error('prerender: index.html links no stylesheet');
  const file = path.join(outDir, href);
  const css = readFileSync(file, 'utf8');
  // Checked once here: each page inlines a part of it.
  if (css.includes('</style')) throw new Error('prerender: the stylesheet cannot be inlined');
  if (css.includes('@font-face'))
    throw new Error('prerender: the stylesheet declares a font (see load-fonts.ts)');
  return { href, rulesHref: rulesFileOf(href), rules: stylesheetRules(css) };
}

function compressAll(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) compressAll(file);
    else if (COMPRESSIBLE.test(entry.name)) {
      const content = readFileSync(file);
      if (content.length < 1024) continue;
      writeFileSync(
        `${file}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
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
    generateBundle: {
      // After Vite's own hook, which adds the stylesheet.
      order: 'post',
      handler(_options, bundle) {
        if (config.build.ssr) return;
        // The stylesheet's rules for the app, which puts back the ones each page left out (rest-of-stylesheet.ts); in
        // the bundle, so the service worker keeps it with the stylesheet.
        for (const file of Object.values(bundle))
          if (file.type === 'asset' && file.fileName.endsWith('.css'))
            this.emitFile({
              type: 'asset',
              fileName: rulesFileOf(file.fileName),
              source: rulesForTheApp(
                stylesheetRules(
                  typeof file.source === 'string' ? file.source : new TextDecoder().decode(file.source),
                ),
              ),
            });
      },
    },
    async closeBundle() {
      // The server build below loads this same config; it must not prerender again.
      if (config.build.ssr) return;
      const outDir = path.resolve(config.root, config.build.outDir);
      const serverDir = serverDirOf(outDir);
      const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const stylesheet = stylesheetOf(template, outDir);
      await build({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        // Self-contained: the build can sit anywhere (WEB_DIST), away from node_modules.
        ssr: { noExternal: true },
        // The React the browser hydrates with, whatever NODE_ENV the BFF runs under: the bundled libraries'
        // development builds are left out (a fifth of the file, compiled when a BFF first renders) and never run.
        define: {
          'process.env.NODE_ENV': JSON.stringify(config.isProduction ? 'production' : 'development'),
          // The rules each rendered page inlines (entry-server.tsx).
          __PAGE_STYLESHEET__: JSON.stringify(stylesheet),
        },
        build: {
          ssr: 'src/prerender/entry-server.tsx',
          outDir: serverDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          // The fonts' rules each page declares (entry-server.tsx) are minified, as in the browser build.
          cssMinify: true,
          // One file per build: a BFF that picks up a rebuild imports it whole. Chunks would be shared by
          // name with the previous build's, kept in Node's module cache, and bound to its copy of React.
          rolldownOptions: { output: { entryFileNames: 'entry-server-[hash].js', codeSplitting: false } },
        },
      });
      const entryFile = readdirSync(serverDir).find((file) => /^entry-server-.+\.js$/.test(file));
      if (entryFile === undefined) throw new Error(`prerender: no entry-server-*.js in ${serverDir}`);
      const server = (await import(
        pathToFileURL(path.join(serverDir, entryFile)).href
      )) as typeof ServerEntry;
      // What the BFF fills with a rendered page: the built index.html; its stylesheet link becomes the page's own
      // rules when the page is rendered.
      const pageTemplate = server.fillDocument(template, {
        root: '',
        title: server.documentTitle(''),
        description: '',
      });
      // The route table's paths for the BFF: which are pages (others are 404s) and which robots.txt keeps
      // out.
      const manifest: ServerManifest = {
        entry: entryFile,
        template: pageTemplate,
        routes: server.ROUTE_LIST.map(({ path, private: shoppersOwn }) => ({
          path,
          private: shoppersOwn === true,
        })),
      };
      writeFileSync(serverManifestOf(outDir), `${JSON.stringify(manifest)}\n`);

      for (const route of server.ROUTE_LIST) {
        if (route.meta === undefined) continue;
        const html = withPageStyles(
          server.fillDocument(template, {
            root: await server.renderRoute(route.path),
            route: route.path,
            canonicalPath: route.path,
            title: server.documentTitle(route.meta.title),
            description: route.meta.description,
            head: server.routeHead(route.name),
          }),
          stylesheet,
          server.PAGE_FONTS,
        );
        const file =
          route.path === '/'
            ? path.join(outDir, 'index.html')
            : path.join(outDir, route.path.slice(1), 'index.html');
        mkdirSync(path.dirname(file), { recursive: true });
        writeFileSync(file, html);
      }

      writeFileSync(
        path.join(outDir, SHELL_FILE),
        withPageStyles(
          server.fillDocument(template, {
            root: await server.renderShell(),
            title: server.documentTitle(''),
            description: server.STORE_IDENTITY.description,
          }),
          stylesheet,
          server.PAGE_FONTS,
        ),
      );
      // The server build names the font files as the browser build wrote them.
      for (const [, file] of server.PAGE_FONTS.faces.matchAll(/url\(\/?([^)]+\.woff2)\)/g))
        if (!existsSync(path.join(outDir, file!))) throw new Error(`prerender: no ${file!} for the fonts`);
      if (!existsSync(path.join(outDir, 'index.html'))) throw new Error('prerender: index.html missing');
      compressAll(outDir);
    },
  };
}
