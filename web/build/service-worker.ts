import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import sharp from 'sharp';
import type { Plugin, ResolvedConfig } from 'vite';
import type { Brand } from '../src/shared/brand-env.ts';
import { escapeHtml } from '../src/shared/escape-html.ts';
import { CORE_RANGE, FACES } from './font-subsets.ts';
import { OFFLINE_COLOURS, OFFLINE_PAGE } from '../src/service-worker/offline-page.ts';

// After the browser build: the service worker (web/src/service-worker/sw.ts, bundled with its precache list),
// the web app manifest and its icons, and the offline page (docs/decisions/026). Written before the prerender
// plugin's closeBundle, which compresses them with the rest.

const { background: BACKGROUND, ink: INK } = OFFLINE_COLOURS;
const ICON_SIZES = [192, 512] as const;

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

const revisionOf = (content: string | Uint8Array) =>
  createHash('sha256').update(content).digest('hex').slice(0, 16);

/** The store's own page for one that is not on this device and cannot be fetched. Static: no script runs. */
function offlinePage(brand: Brand, assets: readonly string[]): string {
  const name = escapeHtml(brand.storeName);
  // As fonts.css has them: the store's own characters in the first file, the rest of Latin fetched only if shown.
  const face = ({ family, weight, name: subset }: (typeof FACES)[number], part: string, range = '') => {
    const file = assets.find((asset) => new RegExp(`${subset}-${part}-[\\w-]+\\.woff2$`).test(asset));
    return file
      ? `@font-face{font-family:'${family}';font-display:swap;font-weight:${weight};src:url(/${file}) format('woff2')${range}}`
      : '';
  };
  const font = FACES.map(
    (each) => face(each, 'rest') + face(each, 'core', `;unicode-range:${CORE_RANGE}`),
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="theme-color" content="${BACKGROUND}">
<title>You’re offline | ${name}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${font}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:${BACKGROUND};color:${INK};font-family:'Outfit',system-ui,-apple-system,'Segoe UI',sans-serif}
header{padding:1.25rem clamp(1rem,5vw,4rem);border-bottom:1px solid #e2ddd2}
header a{font-family:'Krona One','Arial Black',sans-serif;font-size:1.1rem;letter-spacing:.08em;color:${INK};text-decoration:none;text-transform:uppercase}
main{flex:1;display:grid;place-content:center;gap:1rem;padding:3rem clamp(1rem,5vw,4rem);max-width:40rem;margin:0 auto}
h1{font-family:'Krona One','Arial Black',sans-serif;font-size:clamp(1.3rem,4vw,1.8rem);font-weight:400;margin:0}
p{margin:0;line-height:1.6;color:#67635a}
nav{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:.75rem}
nav a{display:inline-block;padding:.9rem 1.6rem;font-size:.85rem;letter-spacing:.1em;text-decoration:none;border:1px solid ${INK}}
nav a:first-child{background:${INK};color:${BACKGROUND}}
nav a:last-child{color:${INK}}
a:focus-visible{outline:none;box-shadow:0 0 0 3px ${BACKGROUND},0 0 0 5px #b5512a}
</style>
</head>
<body>
<header><a href="/">${name}</a></header>
<main>
<h1>You’re offline</h1>
<p>This page has not been saved on this device yet, and there is no connection to fetch it. The pages you have opened before still open, and your cart is kept until you are back online.</p>
<nav><a href="">TRY AGAIN</a><a href="/">GO TO HOME</a></nav>
</main>
</body>
</html>
`;
}

function webManifest(brand: Brand): string {
  return `${JSON.stringify(
    {
      name: brand.storeName,
      short_name: brand.storeName.slice(0, 12),
      description: "Men's and women's shoes, cash on delivery.",
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: BACKGROUND,
      theme_color: BACKGROUND,
      icons: [
        ...ICON_SIZES.map((size) => ({
          src: `/icons/icon-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose: 'any',
        })),
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    null,
    2,
  )}\n`;
}

/** The favicon drawn at each size; the maskable one inside the safe zone (80%) on the store's background. */
async function icons(favicon: Buffer): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  for (const size of ICON_SIZES) {
    files[`icons/icon-${size}.png`] = await sharp(favicon, { density: 72 * (size / 64) })
      .resize(size, size)
      .png()
      .toBuffer();
  }
  const inner = await sharp(favicon, { density: 72 * ((512 * 0.7) / 64) })
    .resize(Math.round(512 * 0.7))
    .png()
    .toBuffer();
  files['icons/maskable-512.png'] = await sharp({
    create: { width: 512, height: 512, channels: 4, background: INK },
  })
    .composite([{ input: inner, gravity: 'center' }])
    .png()
    .toBuffer();
  return files;
}

export function serviceWorker(brand: Brand): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'service-worker',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(output, bundle) {
      if (config.build.ssr) return;
      const outDir = output.dir ?? path.resolve(config.root, config.build.outDir);
      const names = Object.keys(bundle);
      const favicon = readFileSync(path.join(config.publicDir, 'favicon.svg'));
      const generated: Record<string, string | Buffer> = {
        [OFFLINE_PAGE.slice(1)]: offlinePage(brand, names),
        'manifest.webmanifest': webManifest(brand),
        ...(await icons(favicon)),
      };
      for (const [file, content] of Object.entries(generated)) {
        mkdirSync(path.dirname(path.join(outDir, file)), { recursive: true });
        writeFileSync(path.join(outDir, file), content);
      }
      // The app's code, styles and fonts (named by their content, so their URL is their revision) and the files
      // above; not the videos or the catalogue's images, which are fetched and kept as they are seen.
      const precache: PrecacheEntry[] = [
        ...names
          .filter((name) => /\.(js|css|rules\.json|woff2)$/.test(name))
          .map((name) => ({ url: `/${name}`, revision: null })),
        ...Object.entries(generated).map(([file, content]) => ({
          url: `/${file}`,
          revision: revisionOf(content),
        })),
        { url: '/favicon.svg', revision: revisionOf(favicon) },
      ];
      await esbuild({
        entryPoints: [path.join(config.root, 'src/service-worker/sw.ts')],
        outfile: path.join(outDir, 'sw.js'),
        bundle: true,
        minify: true,
        format: 'iife',
        target: 'es2020',
        logLevel: 'warning',
        define: {
          __PRECACHE__: JSON.stringify(precache),
          __STORE_BRAND__: JSON.stringify(brand),
          // Workbox's own logging is for development builds.
          'process.env.NODE_ENV': '"production"',
        },
      });
    },
  };
}
