// A route's limit: the same server-rendered page with its scripts removed, what this design cannot beat (issue 34).
// A proxy in front of the store answers every request as the store does, except that an HTML page loses its
// <script> elements and module preloads; the page is then compressed again as the store sends it (brotli).
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';
import { brotliCompressSync, constants } from 'node:zlib';
import { request } from 'undici';

export interface ScriptFreeProxy {
  url: string;
  stop(): Promise<void>;
}

const SCRIPT = /<script\b[^>]*>[\s\S]*?<\/script>/gi;
const MODULE_PRELOAD = /<link\b[^>]*rel="modulepreload"[^>]*>/gi;

/** The page without what would run: every script element (inline or not) and every module preload. */
export function withoutScripts(html: string): string {
  return html.replace(SCRIPT, '').replace(MODULE_PRELOAD, '');
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length']);

function forwardable(
  headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>,
): Record<string, string | string[]> {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
  return kept;
}

export async function startScriptFreeProxy(storeUrl: string): Promise<ScriptFreeProxy> {
  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const wantsHtml = (incoming.headers.accept ?? '').includes('text/html');
      // A page is asked for uncompressed so it can be edited; everything else passes as it came.
      const headers = forwardable(incoming.headers);
      if (wantsHtml) headers['accept-encoding'] = 'identity';
      const answer = await request(new URL(incoming.url ?? '/', storeUrl), {
        method: incoming.method as 'GET',
        headers,
        body: incoming.method === 'GET' || incoming.method === 'HEAD' ? undefined : incoming,
      });
      const answerHeaders = forwardable(answer.headers);
      const type = String(answer.headers['content-type'] ?? '');
      if (!type.startsWith('text/html')) {
        outgoing.writeHead(answer.statusCode, answerHeaders);
        await pipeline(answer.body, outgoing);
        return;
      }
      const page = Buffer.from(withoutScripts(await answer.body.text()));
      const brotli = (incoming.headers['accept-encoding'] ?? '').includes('br');
      // Quality 4, as the store compresses a page (the default 11 would add its own wait to the limit's answer).
      const body = brotli
        ? brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
        : page;
      delete answerHeaders.etag;
      outgoing.writeHead(answer.statusCode, {
        ...answerHeaders,
        ...(brotli ? { 'content-encoding': 'br' } : {}),
        'content-length': String(body.length),
      });
      outgoing.end(body);
    })().catch((error: unknown) => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`script-free proxy: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
