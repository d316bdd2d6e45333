import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Seo } from '../seo/seo-routes.js';
import { isPagePath, type RenderedPage } from '#domain/server-render';
import { namesAFile } from './file-path.js';
import { readServerManifest } from './server-manifest.js';

// Every page path, known or not, is answered with the app's HTML: the client renders its own not-found page.

/** No page content, just the app's scripts and styles. */
const APP_SHELL = 'app-shell.html';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

const NOT_THE_APP = /^\/(api|graphql|images|healthz)(\/|$)/;

/** "", "collection", "product/abc"… */
function prerenderedRoutes(root: string, dir = ''): Set<string> {
  const routes = new Set<string>();
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = dir === '' ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory() && relative !== 'assets')
      for (const route of prerenderedRoutes(root, relative)) routes.add(route);
    else if (entry.isFile() && entry.name === 'index.html') routes.add(dir);
  }
  return routes;
}

/** For a page that is not there. */
const NOINDEX = '<meta name="robots" content="noindex">';

function withNoIndex(html: string): string {
  const at = html.indexOf('</head>');
  return at === -1 ? `${NOINDEX}${html}` : `${html.slice(0, at)}  ${NOINDEX}\n  ${html.slice(at)}`;
}

function routeOf(url: string): string | undefined {
  try {
    const pathname = decodeURIComponent(url.split('?')[0] ?? '/');
    if (pathname.includes('\0') || pathname.split('/').includes('..')) return undefined;
    return pathname.replace(/^\/+|\/+$/g, '');
  } catch {
    return undefined;
  }
}

/** Undefined when the route has no data to show (page-renderer.ts). */
export type RenderPage = (request: FastifyRequest) => Promise<RenderedPage | undefined>;

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  renderPage?: RenderPage,
  seo?: Pick<Seo, 'register'>,
): Promise<void> {
  const root = path.resolve(webDist);
  const built = existsSync(path.join(root, 'index.html')) && statSync(root).isDirectory();
  // Read once at start: the web build happens before the BFF starts (scripts/start.ts).
  const routes = built ? prerenderedRoutes(root) : new Set<string>();
  // Any other path gets the not-found page and a 404.
  const pageRoutes = built ? readServerManifest(root)?.routes : [];
  // Served from the catalogue, built or not.
  seo?.register(app, {
    privatePaths: (pageRoutes ?? []).filter((route) => route.private).map((route) => route.path),
  });
  const shell = existsSync(path.join(root, APP_SHELL)) ? APP_SHELL : 'index.html';

  if (built) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: false,
      redirect: false,
      // Served by the route below.
      serve: false,
      cacheControl: false,
      // The ETag alone answers a revalidation: Last-Modified repeated it in every file's headers (about 45 bytes
      // each, six scripts on a first visit).
      lastModified: false,
      preCompressed: true,
      setHeaders(reply: FastifyReply, filePath: string) {
        const hashed = path.relative(root, filePath).split(path.sep)[0] === 'assets';
        void reply.header('cache-control', hashed ? IMMUTABLE : REVALIDATE);
      },
    });
    // Files are looked up per request, so a rebuild is served without a restart; a directory ("/",
    // "/collection/") is left to the page fallback below instead of answering 403. sendFile keeps the plugin's
    // guards (no "..", no non-canonical path) but not the wildcard route's spelling check, which reads every
    // directory on the path for each request: it exists to stop a case-insensitive disk from serving a file
    // around a route guarding it, and every file here is public. The handler returns nothing: returning the reply
    // would have Fastify wait on it too, one more listener on the response beside sendFile's and the fallback's.
    app.get('/*', (request, reply) => {
      let pathname: string | undefined;
      try {
        pathname = decodeURI(request.url.split('?')[0] ?? '/');
      } catch {
        pathname = undefined;
      }
      if (pathname === undefined || pathname.endsWith('/')) reply.callNotFound();
      else void reply.sendFile(pathname);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const route = routeOf(request.url);
    const isPage = (request.method === 'GET' || request.method === 'HEAD') && !NOT_THE_APP.test(request.url);
    // A path with an extension is a missing file, not a page.
    if (!isPage || route === undefined || namesAFile(route)) {
      return reply
        .code(404)
        .type('application/json; charset=utf-8')
        .send({ message: `Not found: ${request.method} ${request.url.split('?')[0] ?? ''}` });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send('The web app is not built yet: run `npm run build:web`.\n');
    }
    const rendered = await renderPage?.(request).catch((error: unknown) => {
      // The shell below still serves the page; its data then loads in the browser.
      request.log.error({ err: error }, 'page render failed');
      return undefined;
    });
    if (rendered !== undefined) {
      return reply
        .code(rendered.status)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(rendered.html);
    }
    // A route without a prerendered shell (a product page, an unknown path) gets the neutral app shell, so
    // the browser never paints another page's content first.
    const page = routes.has(route) ? `${route === '' ? '' : `${route}/`}index.html` : shell;
    if (!isPagePath(pageRoutes, `/${route}`)) {
      const html = await readFile(path.join(root, page), 'utf8');
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .send(withNoIndex(html));
    }
    return reply.code(200).header('cache-control', REVALIDATE).sendFile(page);
  });
}
