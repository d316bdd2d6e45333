import { Agent, request } from 'undici';
import { isOptimizable } from '#domain/images';
import type { Upstream } from '../rest/upstream.js';

// Every read of an image source has a deadline and a byte cap; redirects stay on the same origin.

/** The same paths the images proxy passes to the API (site/images-proxy.ts). */
const STORE_IMAGE_PATH = /^\/images\/[A-Za-z0-9._-][A-Za-z0-9._/-]*$/;
/** Named by the hash of their bytes (api/src/catalog/product-images.ts). */
const CONTENT_NAMED_PATH = /^\/images\/uploads\/[0-9a-f]{64}\.(jpg|png|webp)$/;
const MAX_REDIRECTS = 3;
const ACCEPT = {
  accept: 'image/avif,image/webp,image/png,image/jpeg,image/svg+xml;q=0.8,*/*;q=0.5',
} as const;

export interface ImageSource {
  /** As the catalogue spells it. */
  src: string;
  /** Absolute whatever backend the BFF is in front of: the key of its cache entries. */
  id: string;
  /** Null for the store's own paths (fetched from API_URL), else one of the catalogue's image origins. */
  origin: string | null;
  /** Its bytes never change under this URL. */
  contentNamed: boolean;
}

export function imageSourceOf(src: string, apiUrl: string): ImageSource | undefined {
  if (!isOptimizable(src)) return undefined;
  if (src.startsWith('/')) {
    if (!STORE_IMAGE_PATH.test(src) || src.includes('..')) return undefined;
    return { src, id: new URL(src, apiUrl).href, origin: null, contentNamed: CONTENT_NAMED_PATH.test(src) };
  }
  if (!URL.canParse(src)) return undefined;
  const url = new URL(src);
  if (!/^https?:$/.test(url.protocol) || url.username !== '' || url.password !== '') return undefined;
  return { src, id: url.href, origin: url.origin, contentNamed: CONTENT_NAMED_PATH.test(url.pathname) };
}

export class SourceFailure extends Error {
  constructor(
    readonly status: 404 | 422 | 502,
    message: string,
  ) {
    super(message);
    this.name = 'SourceFailure';
  }
}

export interface SourceReaderOptions {
  upstream: Upstream;
  timeoutMs: number;
  maxBytes: number;
}

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: AsyncIterable<Buffer> & { dump(): Promise<void>; destroy(): unknown };
}

function mebibytes(bytes: number): string {
  return `${String(Math.round((bytes / (1024 * 1024)) * 10) / 10)} MiB`;
}

export class SourceReader {
  readonly #upstream: Upstream;
  readonly #timeoutMs: number;
  readonly #maxBytes: number;
  /** The catalogue's other image origins (a shop's CDN). */
  readonly #remote: Agent;

  constructor({ upstream, timeoutMs, maxBytes }: SourceReaderOptions) {
    this.#upstream = upstream;
    this.#timeoutMs = timeoutMs;
    this.#maxBytes = maxBytes;
    this.#remote = new Agent({
      connections: 8,
      connectTimeout: Math.min(timeoutMs, 10_000),
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }

  async read(source: ImageSource): Promise<Buffer> {
    const signal = AbortSignal.timeout(this.#timeoutMs);
    try {
      if (source.origin === null) {
        return await this.#body(
          await this.#upstream.pool.request({ method: 'GET', path: source.src, headers: ACCEPT, signal }),
        );
      }
      let url = new URL(source.id);
      for (let hop = 0; ; hop += 1) {
        const answer = await request(url.href, {
          method: 'GET',
          headers: ACCEPT,
          signal,
          dispatcher: this.#remote,
        });
        const location = answer.headers.location;
        if (answer.statusCode < 300 || answer.statusCode >= 400 || typeof location !== 'string')
          return await this.#body(answer);
        await answer.body.dump();
        const next = URL.canParse(location, url.href) ? new URL(location, url) : undefined;
        // A redirect elsewhere would make the optimizer fetch from an origin the catalogue does not name.
        if (next?.origin !== url.origin || hop >= MAX_REDIRECTS)
          throw new SourceFailure(502, 'The image is redirected elsewhere');
        url = next;
      }
    } catch (error) {
      if (error instanceof SourceFailure) throw error;
      throw new SourceFailure(502, 'The image source is not answering');
    }
  }

  async #body(answer: Answer): Promise<Buffer> {
    if (answer.statusCode !== 200) {
      await answer.body.dump();
      if (answer.statusCode === 404 || answer.statusCode === 410)
        throw new SourceFailure(404, 'No such image');
      throw new SourceFailure(502, `The image source answered ${String(answer.statusCode)}`);
    }
    const tooLarge = () => new SourceFailure(422, `The image is larger than ${mebibytes(this.#maxBytes)}`);
    const declared = Number(answer.headers['content-length']);
    if (declared > this.#maxBytes) {
      answer.body.destroy();
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of answer.body) {
      size += chunk.length;
      if (size > this.#maxBytes) {
        answer.body.destroy();
        throw tooLarge();
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks, size);
  }

  close(): Promise<void> {
    return this.#remote.close();
  }
}
