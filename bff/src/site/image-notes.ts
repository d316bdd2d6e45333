import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { BoundedCache, stringBytes } from '../../../lib/bounded-cache.js';

// What the optimizer has learnt of each source (its placeholder, the digest of its bytes), written beside the disk
// cache so that a restart still knows it. A null is known in memory only: a refused image is tried again later.

/** A larger file was not written by this module, and is not read. */
const FILE_BYTES_PER_BYTE_KEPT = 4;
const WRITE_DELAY_MS = 1000;
const MAX_KEY_LENGTH = 4096;

export interface ImageNotesOptions<V> {
  file: string;
  /** What a value written to the file must look like; anything else drops the file. */
  schema: z.ZodType<V>;
  maxBytes: number;
  sizeOf: (value: V) => number;
}

export class ImageNotes<V> {
  readonly #file: string;
  readonly #known: BoundedCache<V | null>;
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  private constructor({ file, maxBytes, sizeOf }: ImageNotesOptions<V>) {
    this.#file = file;
    this.#known = new BoundedCache<V | null>({
      maxBytes,
      sizeOf: (value) => (value === null ? 0 : sizeOf(value)),
    });
  }

  static async open<V>(options: ImageNotesOptions<V>): Promise<ImageNotes<V>> {
    const notes = new ImageNotes(options);
    const fileSchema = z.array(z.tuple([z.string().max(MAX_KEY_LENGTH), options.schema]));
    try {
      if ((await stat(options.file)).size <= FILE_BYTES_PER_BYTE_KEPT * options.maxBytes) {
        const parsed = fileSchema.safeParse(JSON.parse(await readFile(options.file, 'utf8')));
        if (parsed.success) for (const [source, value] of parsed.data) notes.#known.set(source, value);
      }
    } catch {
      // No file yet, or one cut short: the notes are learnt again as images are served.
    }
    return notes;
  }

  /** undefined when nothing is known yet. */
  get(source: string): V | null | undefined {
    return this.#known.get(source);
  }

  set(source: string, value: V | null): void {
    if (source.length > MAX_KEY_LENGTH) return;
    this.#known.set(source, value);
    if (value !== null) this.#scheduleWrite();
  }

  /** At shutdown. */
  async flush(): Promise<void> {
    if (this.#timer !== undefined) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
      this.#writing = this.#writing.then(() => this.#write());
    }
    await this.#writing;
  }

  #scheduleWrite(): void {
    if (this.#timer !== undefined) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#writing = this.#writing.then(() => this.#write());
    }, WRITE_DELAY_MS);
    this.#timer.unref();
  }

  async #write(): Promise<void> {
    const entries: Array<[string, V]> = [];
    for (const [source, value] of this.#known.entries()) if (value !== null) entries.push([source, value]);
    const partial = `${this.#file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, JSON.stringify(entries), { mode: 0o600 });
      await rename(partial, this.#file);
    } catch {
      // A full disk loses only the restart's head start; the notes in memory are unchanged.
    } finally {
      await rm(partial, { force: true });
    }
  }
}

/** A source's tiny placeholder (a data: URL of a few hundred bytes): about 10,000 of them. */
export function openPlaceholders(file: string): Promise<ImageNotes<string>> {
  return ImageNotes.open({
    file,
    schema: z.string().startsWith('data:image/').max(4096),
    maxBytes: 8 * 1024 * 1024,
    sizeOf: stringBytes,
  });
}

export interface SourceDigest {
  /** sha256 of the source's bytes: the name of everything made from them. */
  digest: string;
  readAt: number;
}

/** The digest of each source's bytes when last read: about 20,000 sources. */
export function openSourceDigests(file: string): Promise<ImageNotes<SourceDigest>> {
  return ImageNotes.open({
    file,
    schema: z.object({ digest: z.string().regex(/^[0-9a-f]{64}$/), readAt: z.number() }),
    maxBytes: 4 * 1024 * 1024,
    sizeOf: () => 64 * 2 + 16,
  });
}
