import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';

// What Express 4 with `express.json()` does around the lineage backend's routes, written with node:http:
// the body parser, `res.json`, and finalhandler's HTML error pages (404 for an unknown route, 400 for bad JSON).

/** body-parser's default limit. */
const BODY_LIMIT_BYTES = 100 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** The raw body text, refused past body-parser's limit. */
export async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > BODY_LIMIT_BYTES) throw new HttpError(413, 'PayloadTooLargeError: request entity too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * `express.json()`: only an `application/json` body is parsed; anything else, or nothing, leaves `{}`.
 * Strict mode accepts only an object or an array at the top; other JSON is a 400 like a syntax error.
 */
export function parseJsonBody(contentType: string | undefined, text: string): unknown {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json' || text.length === 0) return {};
  const first = /^[\s\uFEFF]*(.)/.exec(text)?.[1];
  if (first !== '{' && first !== '[') {
    throw new HttpError(
      400,
      `SyntaxError: Unexpected token '${first ?? ''}', "${text.slice(0, 20)}" is not valid JSON`,
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `SyntaxError: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * `res.json(body)`: always 200 in the lineage backend, failures included, with Express's default weak ETag.
 * Like Express, a GET or HEAD whose If-None-Match holds that ETag is answered 304 with no body.
 */
export function sendJson(
  request: IncomingMessage,
  response: ServerResponse,
  body: unknown,
  etags = true,
): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | number> = { 'x-powered-by': 'Express' };
  const etag = etags ? weakEtag(text) : undefined;
  if (etag !== undefined) headers.etag = etag;
  const readOnly = request.method === 'GET' || request.method === 'HEAD';
  if (etag !== undefined && readOnly && isFresh(request.headers, etag)) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  response.writeHead(200, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(request.method === 'HEAD' ? undefined : text);
}

/** The `etag` package's weak tag: body length in hex and 27 characters of its SHA-1 in base64. */
function weakEtag(text: string): string {
  const hash = createHash('sha1').update(text, 'utf8').digest('base64').slice(0, 27);
  return `W/"${Buffer.byteLength(text).toString(16)}-${hash}"`;
}

/** The `fresh` package's If-None-Match check (weak comparison; `no-cache` forces a full answer). */
function isFresh(headers: IncomingHttpHeaders, etag: string): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch === undefined || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(headers['cache-control'] ?? ''))
    return false;
  if (noneMatch.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return noneMatch.split(',').some((tag) => bare(tag) === bare(etag));
}

/** finalhandler's page: `Cannot GET /x` for 404, the error's first line for others (Express's development mode). */
export function sendErrorPage(response: ServerResponse, status: number, text: string): void {
  const page = [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    '<title>Error</title>',
    '</head>',
    '<body>',
    `<pre>${escapeHtml(text)}</pre>`,
    '</body>',
    '</html>',
    '',
  ].join('\n');
  response.writeHead(status, {
    'x-powered-by': 'Express',
    'content-security-policy': "default-src 'none'",
    'x-content-type-options': 'nosniff',
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(page),
  });
  response.end(page);
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/**
 * Express routes match case-insensitively and with or without a trailing slash (its defaults), ignoring the
 * query string; this is the key both routing and the test controls use.
 */
export function routeKey(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/$/, '') : lower;
}
