import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

// Serves the lineage-style client (index.html + app.js) on its own origin, as the seed's React storefront ran on
// another host than its backend. The backend URL is written into the page (the stand-in for VITE_BACKEND_URL,
// fixed at build time there); a `?backendUrl=` on the page's address overrides it.

const HTML = readFileSync(fileURLToPath(new URL('./index.html', import.meta.url)), 'utf8');
const SCRIPT = readFileSync(fileURLToPath(new URL('./app.js', import.meta.url)), 'utf8');

// Its own scripts and styles only; calls and images may go anywhere (the backend is another origin).
const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src * data:; connect-src *";

export interface LineageClient {
  /** The client's address, `http://127.0.0.1:<port>` (also its origin). */
  url: string;
  /** Points the page at a backend from now on (the next page load). */
  setBackendUrl(backendUrl: string): void;
  stop(): Promise<void>;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export async function startLineageClient(options: { backendUrl?: string } = {}): Promise<LineageClient> {
  let backendUrl = options.backendUrl ?? '';
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://client').pathname;
    const headers = {
      'cache-control': 'no-store',
      'content-security-policy': CSP,
      'x-content-type-options': 'nosniff',
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
    } else if (pathname === '/' || pathname === '/index.html') {
      const meta =
        backendUrl === '' ? '' : `<meta name="backend-url" content="${escapeAttribute(backendUrl)}" />`;
      response
        .writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' })
        .end(HTML.replace('<!--BACKEND_URL-->', meta));
    } else if (pathname === '/app.js') {
      response.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' }).end(SCRIPT);
    } else {
      response.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setBackendUrl(url) {
      backendUrl = url;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
