import { Pool, errors as undiciErrors } from 'undici';
import type { z } from 'zod';
import { OUT_OF_STOCK, stockRefusalMessage } from '#domain/stock';
import { StoreError, type StoreErrorCode } from '../errors.js';
import { stockShortfallsSchema } from './answer-shapes.js';

/** Who a call is made for: the API decides what the token is worth and rate-limits by the address. */
export interface Shopper {
  /** The shopper's own `Authorization` header, passed through untouched. */
  authorization?: string;
  /** The shopper's address, sent as `X-Forwarded-For` (the API believes it from the BFF only). */
  address: string;
}

export interface UpstreamCall {
  method: 'GET' | 'POST';
  path: string;
  shopper?: Shopper;
  body?: unknown;
  headers?: Record<string, string>;
  /** The largest answer body read; past it the call fails with a clear error (default 10 MiB). */
  maxBytes?: number;
}

export interface UpstreamAnswer<T> {
  status: number;
  etag?: string;
  data: T;
}

export interface NotModified {
  status: 304;
}

/** An answer's body as bytes, for answers passed on or parsed elsewhere (the product list). */
export interface UpstreamBytes {
  status: number;
  etag?: string;
  bytes: Buffer;
  /** The answer's `Retry-After`, in seconds, when it had a readable one. */
  retryAfterSeconds?: number;
}

export interface UpstreamOptions {
  origin: string;
  timeoutMs: number;
  connections: number;
}

const UNAVAILABLE = 'The store is not answering right now. Please try again in a moment.';
const MALFORMED = 'The store answered something unexpected. Please try again.';
/** Larger than any answer but the product list, which has its own limit (CATALOG_MAX_BYTES). */
export const MAX_ANSWER_BYTES = 10 * 1024 * 1024;

const DEFAULT_MESSAGE: Record<StoreErrorCode, string> = {
  UNAUTHENTICATED: 'Please sign in again.',
  NOT_FOUND: 'Not found.',
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a minute and try again.',
  STORE_BUSY: 'The store is busy right now. Please try again in a moment.',
  OUT_OF_STOCK: 'Some of your cart is no longer in stock. Please review it and place the order again.',
  UPSTREAM_ERROR: 'Something went wrong on our side. Please try again.',
  UPSTREAM_UNAVAILABLE: UNAVAILABLE,
  BAD_USER_INPUT: 'The request was refused.',
  NOT_SUPPORTED: 'The store does not take this request online. Please contact the shop.',
  PRICE_CHANGED: 'Prices have changed. Please review your cart and place the order again.',
};

// The seed's backend answers every failure with 200, so only the message tells a dead session from a refusal:
// "Not Authorized Login Again", or the JWT library's "jwt malformed", "jwt expired", "invalid signature".
const SESSION_OVER = /not authori[sz]ed|(log|sign) ?in again|\bjwt\b|invalid (token|signature)/i;
const TOO_MANY = /too many/i;
// Our API's word when password hashing is at capacity, all a client has when FAILURES_AS_200 sends it as 200.
const BUSY = /\bbusy\b/i;
// The spec's own text for an unknown product: "Product not found for ID: {id}".
const NOT_FOUND = /\bnot found\b/i;

/**
 * From the status where it says something, else from the message. A 503 is STORE_BUSY when it says when to
 * come back (`Retry-After`) or that the store is busy; a bare 503 is a broken upstream.
 */
export function refusalCode(
  status: number,
  message: string | undefined,
  retryAfterSeconds?: number,
): StoreErrorCode {
  if (status === 401 || status === 403 || (message !== undefined && SESSION_OVER.test(message)))
    return 'UNAUTHENTICATED';
  if (status === 429 || (message !== undefined && TOO_MANY.test(message))) return 'TOO_MANY_REQUESTS';
  if ((status === 503 && retryAfterSeconds !== undefined) || (message !== undefined && BUSY.test(message)))
    return 'STORE_BUSY';
  if (status === 404 || (status < 300 && message !== undefined && NOT_FOUND.test(message)))
    return 'NOT_FOUND';
  if (status >= 500) return 'UPSTREAM_ERROR';
  return 'BAD_USER_INPUT';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    // Not JSON (a proxy's HTML error page, an unknown route's page): there is no envelope to read.
    return undefined;
  }
}

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MiB` : `${bytes} bytes`;
}

/**
 * 409 with `code: OUT_OF_STOCK` (200 under FAILURES_AS_200): the API's own word, which no message (a
 * product's name) can be taken for.
 */
function stockRefusal(status: number, body: unknown, message: string | undefined): StoreError | undefined {
  if (!isRecord(body) || body.code !== OUT_OF_STOCK || (status !== 409 && status >= 300)) return undefined;
  const shortfalls = stockShortfallsSchema.parse(body.shortfalls);
  const fallback = shortfalls.length > 0 ? stockRefusalMessage(shortfalls) : DEFAULT_MESSAGE.OUT_OF_STOCK;
  return new StoreError('OUT_OF_STOCK', message ?? fallback, status, { shortfalls });
}

/**
 * A refusal (`success: false` at any status, or any answer outside 2xx) throws with the server's message.
 * The seed's backend answers every failure with 200.
 */
export function readEnvelope(
  status: number,
  bytes: Buffer,
  retryAfterSeconds?: number,
): Record<string, unknown> {
  const body = parseJson(bytes.toString('utf8'));
  if (status < 200 || status >= 300 || (isRecord(body) && body.success === false)) {
    const message = messageOf(body);
    const outOfStock = stockRefusal(status, body, message);
    if (outOfStock !== undefined) throw outOfStock;
    const code = refusalCode(status, message, retryAfterSeconds);
    throw new StoreError(code, message ?? DEFAULT_MESSAGE[code], status, { retryAfterSeconds });
  }
  if (!isRecord(body)) throw new StoreError('UPSTREAM_ERROR', MALFORMED, status);
  return body;
}

/** Delta-seconds or an HTTP date (RFC 9110 §10.2.3), as whole seconds from now; undefined if unreadable. */
export function parseRetryAfter(value: unknown, now = Date.now()): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function messageOf(body: unknown): string | undefined {
  if (!isRecord(body) || typeof body.message !== 'string') return undefined;
  const message = body.message.trim();
  return message === '' ? undefined : message;
}

// Refused or reset connections and every kind of timeout: the API is unreachable, not wrong.
function isUnavailable(error: unknown): boolean {
  if (error instanceof undiciErrors.UndiciError)
    return !(error instanceof undiciErrors.ResponseExceededMaxSizeError);
  if (error instanceof Error) {
    if (error.name === 'AbortError' || error.name === 'TimeoutError') return true;
    const code = (error as NodeJS.ErrnoException).code;
    return (
      code !== undefined &&
      /^(ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN)$/.test(code)
    );
  }
  return false;
}

/** The keep-alive pool to the store's REST API: zod-checked bodies, or a StoreError. */
export class Upstream {
  readonly pool: Pool;
  readonly #timeoutMs: number;

  constructor(options: UpstreamOptions) {
    this.#timeoutMs = options.timeoutMs;
    this.pool = new Pool(options.origin, {
      connections: options.connections,
      keepAliveTimeout: 30_000,
      connectTimeout: Math.min(options.timeoutMs, 10_000),
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  headersFor(call: Pick<UpstreamCall, 'shopper' | 'headers'>): Record<string, string> {
    const headers: Record<string, string> = { ...call.headers };
    const authorization = call.shopper?.authorization;
    if (authorization !== undefined) {
      headers.authorization = authorization;
      // The seed's backend reads the token from a `token` header; ours reads the bearer.
      const bearer = /^Bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
      if (bearer !== undefined) headers.token = bearer;
    }
    if (call.shopper !== undefined) headers['x-forwarded-for'] = call.shopper.address;
    return headers;
  }

  async call<S extends z.ZodType>(call: UpstreamCall, schema: S): Promise<UpstreamAnswer<z.output<S>>> {
    const answer = await this.conditionalCall(call, schema);
    // 304 to a call that did not ask for it is a broken answer.
    if (!('data' in answer)) throw new StoreError('UPSTREAM_ERROR', MALFORMED, answer.status);
    return answer;
  }

  /** A call that may carry `If-None-Match` and be answered 304. */
  async conditionalCall<S extends z.ZodType>(
    call: UpstreamCall,
    schema: S,
  ): Promise<UpstreamAnswer<z.output<S>> | NotModified> {
    const answer = await this.#send(call);
    if (answer.status === 304) return { status: 304 };
    const body = readEnvelope(answer.status, answer.bytes, answer.retryAfterSeconds);
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new StoreError('UPSTREAM_ERROR', MALFORMED, answer.status);
    return { status: answer.status, etag: answer.etag, data: parsed.data };
  }

  /** A 2xx answer's body as bytes (a refusal throws as for any call), or 304 to a conditional call. */
  async conditionalBytes(call: UpstreamCall): Promise<UpstreamBytes | NotModified> {
    const answer = await this.#send(call);
    if (answer.status === 304) return { status: 304 };
    if (answer.status < 200 || answer.status >= 300)
      readEnvelope(answer.status, answer.bytes, answer.retryAfterSeconds);
    return answer;
  }

  async #send(call: UpstreamCall): Promise<UpstreamBytes> {
    const headers = this.headersFor(call);
    let payload: string | undefined;
    if (call.body !== undefined) {
      payload = JSON.stringify(call.body);
      headers['content-type'] = 'application/json';
    } else if (call.method === 'POST') {
      // The spec's "empty body" calls: the API reads an empty JSON body as none.
      headers['content-type'] = 'application/json';
      payload = '';
    }
    const maxBytes = call.maxBytes ?? MAX_ANSWER_BYTES;
    try {
      // One deadline over connect, headers and body, so a stalled API is answered within the timeout.
      const response = await this.pool.request({
        method: call.method,
        path: call.path,
        headers,
        body: payload,
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
      const tag = response.headers.etag;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        const bytes = chunk as Buffer;
        size += bytes.length;
        if (size > maxBytes) {
          response.body.destroy();
          throw new StoreError(
            'UPSTREAM_ERROR',
            `The store answered more than ${formatBytes(maxBytes)} for ${call.path}, more than it is set to read.`,
            response.statusCode,
          );
        }
        chunks.push(bytes);
      }
      return {
        status: response.statusCode,
        etag: typeof tag === 'string' ? tag : undefined,
        bytes: Buffer.concat(chunks, size),
        retryAfterSeconds: parseRetryAfter(response.headers['retry-after']),
      };
    } catch (error) {
      if (error instanceof StoreError) throw error;
      if (isUnavailable(error)) throw new StoreError('UPSTREAM_UNAVAILABLE', UNAVAILABLE);
      throw new StoreError('UPSTREAM_ERROR', MALFORMED);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
