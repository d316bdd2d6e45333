import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { isImageWidth, OPTIMIZED_IMAGE_PATH } from '#domain/images';
import { BoundedCache, stringBytes } from '../../../lib/bounded-cache.js';
import {
  CONTENT_TYPES,
  FILE_EXTENSIONS,
  preferredFormat,
  type OutputFormat,
} from '../../../lib/images/formats.js';
import { ImageRefusal, probeImage, type RefusalReason } from '../../../lib/images/probe.js';
import { placeholderOf, resizeImage } from '../../../lib/images/resize.js';
import { configureSharp } from '../../../lib/images/sharp.js';
import { SingleFlight } from '../../../lib/single-flight.js';
import { SlotsFull, WorkSlots } from '../../../lib/work-slots.js';
import type { CatalogSource } from '../catalog/catalog.js';
import type { Upstream } from '../rest/upstream.js';
import { ImageDiskCache, type CacheEntry } from './image-cache.js';
import { ImageNotes, openPlaceholders, openSourceDigests, type SourceDigest } from './image-notes.js';
import { imageSourceOf, SourceFailure, SourceReader, type ImageSource } from './image-sources.js';

// GET /_img?url=&w= (docs/decisions/021): only the store's own image paths and the catalogue's image origins
// are read, never an open proxy; every answer is made once, in a few bounded slots, and kept on disk under the
// digest of its source's bytes, so a picture met again under another URL, or unchanged after its day, is not
// encoded again.

/** Catalogue URLs are short, and every cache entry's key is made from it. */
const MAX_URL_LENGTH = 2048;
/** A source that may change under its URL (seed art, a shop's CDN) is read again after a day. */
const MUTABLE_SOURCE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATED = 'public, max-age=86400, stale-while-revalidate=604800';
/** Assumed for one image before any has been measured. */
const ENCODE_ESTIMATE_MS = 300;
/** A refused source (not an image, too many pixels, not there) is not fetched again for this long. */
const REFUSAL_TTL_MS = 60_000;
const REFUSAL_BYTES = 1024 * 1024;

const STATUS_OF: Readonly<Record<RefusalReason, 415 | 422>> = {
  unsupported: 415,
  undecodable: 422,
  'too-many-pixels': 422,
  'unsafe-svg': 422,
};

const querySchema = z.object({
  url: z.string().min(1).max(MAX_URL_LENGTH),
  w: z.coerce.number().int(),
});

interface Refused {
  status: 404 | 415 | 422;
  message: string;
}

interface MadeImage {
  entry: CacheEntry;
  bytes: Buffer;
}

interface ReadSource {
  bytes: Buffer;
  digest: string;
}

export interface ImageOptimizerOptions {
  upstream: Upstream;
  apiUrl: string;
  /** Its image origins are the only others read. */
  catalog: CatalogSource;
  cacheDir: string;
  cacheMaxBytes: number;
  sourceMaxBytes: number;
  sourceTimeoutMs: number;
  concurrency: number;
  queueLimit: number;
  /** As for /images/*: pages on the CORS_ORIGINS show these images too. */
  crossOrigin: boolean;
}

/** `pending` while it is being computed. */
export interface PlaceholderLookup {
  value: string | null;
  pending: boolean;
}

function entryName(digest: string, width: number, format: OutputFormat): string {
  const key = createHash('sha256')
    .update(`${digest}\n${String(width)}\n${format}`)
    .digest('hex');
  return `${key}.${FILE_EXTENSIONS[format]}`;
}

function etagOf(entry: CacheEntry): string {
  return `"${entry.name.slice(0, 24)}-${entry.size.toString(36)}-${Math.floor(entry.writtenAt).toString(36)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed === etag || trimmed === `W/${etag}`;
  });
}

function refusalOf(error: unknown): Refused | undefined {
  if (error instanceof ImageRefusal) return { status: STATUS_OF[error.reason], message: error.message };
  if (error instanceof SourceFailure && error.status !== 502)
    return { status: error.status, message: error.message };
  return undefined;
}

export class ImageOptimizer {
  readonly #options: ImageOptimizerOptions;
  readonly #disk: ImageDiskCache;
  readonly #placeholders: ImageNotes<string>;
  readonly #digests: ImageNotes<SourceDigest>;
  readonly #reader: SourceReader;
  readonly #slots: WorkSlots;
  /** A burst of requests for one image costs one encode. */
  readonly #making = new SingleFlight<MadeImage>();
  /** One read per source for its widths and formats asked together. */
  readonly #reading = new SingleFlight<ReadSource>();
  readonly #warming = new Set<string>();
  readonly #refusals = new BoundedCache<Refused>({
    maxBytes: REFUSAL_BYTES,
    sizeOf: (refused) => stringBytes(refused.message) + 16,
    ttlMs: REFUSAL_TTL_MS,
  });

  private constructor(
    options: ImageOptimizerOptions,
    disk: ImageDiskCache,
    placeholders: ImageNotes<string>,
    digests: ImageNotes<SourceDigest>,
  ) {
    this.#options = options;
    this.#disk = disk;
    this.#placeholders = placeholders;
    this.#digests = digests;
    this.#reader = new SourceReader({
      upstream: options.upstream,
      timeoutMs: options.sourceTimeoutMs,
      maxBytes: options.sourceMaxBytes,
    });
    this.#slots = new WorkSlots({
      concurrency: options.concurrency,
      queueLimit: options.queueLimit,
      firstEstimateMs: ENCODE_ESTIMATE_MS,
    });
    configureSharp(availableParallelism(), options.concurrency);
  }

  static async create(options: ImageOptimizerOptions): Promise<ImageOptimizer> {
    const disk = await ImageDiskCache.open(options.cacheDir, options.cacheMaxBytes);
    const [placeholders, digests] = await Promise.all([
      openPlaceholders(path.join(disk.dir, 'placeholders.json')),
      openSourceDigests(path.join(disk.dir, 'sources.json')),
    ]);
    return new ImageOptimizer(options, disk, placeholders, digests);
  }

  register(app: FastifyInstance): void {
    app.get(OPTIMIZED_IMAGE_PATH, (request, reply) => this.#answer(request, reply));
    app.addHook('onClose', async () => {
      await Promise.all([this.#reader.close(), this.#placeholders.flush(), this.#digests.flush()]);
    });
  }

  /** When not known yet, computed in the background only if a slot is free: a shopper's image never waits. */
  placeholder(src: string): PlaceholderLookup {
    const source = imageSourceOf(src, this.#options.apiUrl);
    if (source === undefined) return { value: null, pending: false };
    const known = this.#placeholders.get(source.id);
    if (known !== undefined) return { value: known, pending: false };
    this.#warm(source);
    return { value: null, pending: true };
  }

  async #answer(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    if (this.#options.crossOrigin) void reply.header('cross-origin-resource-policy', 'cross-origin');
    const refuse = (status: number, message: string) =>
      reply.code(status).header('cache-control', 'no-store').send({ message });
    const query = querySchema.safeParse(request.query);
    if (!query.success) return refuse(400, `Ask for ${OPTIMIZED_IMAGE_PATH}?url=<image URL>&w=<width>`);
    const { url, w: width } = query.data;
    if (!isImageWidth(width)) return refuse(400, 'That width is not one of the widths made');
    const source = imageSourceOf(url, this.#options.apiUrl);
    if (source === undefined) return refuse(400, "Only the store's images are optimized");
    if (source.origin !== null) {
      let admitted: boolean;
      try {
        admitted = await this.#admits(source.origin);
      } catch {
        return refuse(502, 'The store is not answering');
      }
      if (!admitted) return refuse(400, "Only the catalogue's image origins are read");
    }
    const refused = this.#refusals.get(source.id);
    if (refused !== undefined) return refuse(refused.status, refused.message);

    const format = preferredFormat(request.headers.accept);
    void reply
      .header('vary', 'Accept')
      .header('cache-control', source.contentNamed ? IMMUTABLE : REVALIDATED);
    const ifNoneMatch = request.headers['if-none-match'];

    let made: MadeImage | undefined;
    const kept = await this.#kept(source, width, format);
    if (kept !== undefined) {
      if (matches(ifNoneMatch, etagOf(kept))) return reply.code(304).header('etag', etagOf(kept)).send();
      const bytes = await this.#disk.read(kept);
      if (bytes !== undefined) made = { entry: kept, bytes };
    }
    if (made === undefined) {
      try {
        const key = `${String(width)} ${format} ${source.id}`;
        made = await this.#making.run(key, () => this.#make(source, width, format));
      } catch (error) {
        return this.#failed(source, error, reply, refuse);
      }
    }
    const etag = etagOf(made.entry);
    void reply.header('etag', etag);
    if (matches(ifNoneMatch, etag)) return reply.code(304).send();
    return reply.type(CONTENT_TYPES[format]).send(made.bytes);
  }

  /** 503 when busy, the source's refusal (remembered a while), 502 when it failed. */
  #failed(
    source: ImageSource,
    error: unknown,
    reply: FastifyReply,
    refuse: (status: number, message: string) => FastifyReply,
  ): FastifyReply {
    void reply.removeHeader('vary');
    if (error instanceof SlotsFull) {
      void reply.header('retry-after', String(error.retryAfterSeconds));
      return refuse(503, error.message);
    }
    const refused = refusalOf(error);
    if (refused !== undefined) {
      this.#refusals.set(source.id, refused);
      this.#placeholders.set(source.id, null);
      return refuse(refused.status, refused.message);
    }
    if (error instanceof SourceFailure) return refuse(502, error.message);
    throw error;
  }

  async #admits(origin: string): Promise<boolean> {
    return (await this.#options.catalog.get()).imageOrigins().includes(origin);
  }

  /** What was made from the source's bytes as last read, while that read is fresh. */
  async #kept(source: ImageSource, width: number, format: OutputFormat): Promise<CacheEntry | undefined> {
    const known = this.#digests.get(source.id);
    if (known === undefined || known === null) return undefined;
    if (!source.contentNamed && Date.now() - known.readAt >= MUTABLE_SOURCE_MAX_AGE_MS) return undefined;
    return this.#disk.find(entryName(known.digest, width, format));
  }

  async #make(source: ImageSource, width: number, format: OutputFormat): Promise<MadeImage> {
    const stored = async (entry: CacheEntry | undefined): Promise<MadeImage | undefined> => {
      const bytes = entry === undefined ? undefined : await this.#disk.read(entry);
      return entry === undefined || bytes === undefined ? undefined : { entry, bytes };
    };
    // Made by the request that just finished, between this one's look and its turn.
    const kept = await stored(await this.#kept(source, width, format));
    if (kept !== undefined) return kept;
    return this.#slots.run(async () => {
      const original = await this.#read(source);
      const name = entryName(original.digest, width, format);
      const same = await stored(await this.#disk.find(name));
      const placeholderKnown = this.#placeholders.get(source.id) !== undefined;
      if (same !== undefined && placeholderKnown) return same;
      const probe = await probeImage(original.bytes);
      if (!placeholderKnown) this.#placeholders.set(source.id, await placeholderOf(original.bytes, probe));
      if (same !== undefined) return same;
      const resized = await resizeImage(original.bytes, probe, { width, format });
      return { entry: await this.#disk.write(name, resized.bytes), bytes: resized.bytes };
    });
  }

  /** One read per source at a time, its digest noted for the next request. */
  #read(source: ImageSource): Promise<ReadSource> {
    return this.#reading.run(source.id, async () => {
      const bytes = await this.#reader.read(source);
      const digest = createHash('sha256').update(bytes).digest('hex');
      this.#digests.set(source.id, { digest, readAt: Date.now() });
      return { bytes, digest };
    });
  }

  #warm(source: ImageSource): void {
    if (this.#warming.has(source.id)) return;
    const running = this.#slots.runIfIdle(async () => {
      if (source.origin !== null && !(await this.#admits(source.origin))) return;
      const { bytes } = await this.#read(source);
      this.#placeholders.set(source.id, await placeholderOf(bytes, await probeImage(bytes)));
    });
    if (running === undefined) return;
    this.#warming.add(source.id);
    void running
      .catch((error: unknown) => {
        // A refused image has no placeholder; a source down now is tried again by a later read.
        if (refusalOf(error) !== undefined) this.#placeholders.set(source.id, null);
      })
      .finally(() => this.#warming.delete(source.id));
  }
}
