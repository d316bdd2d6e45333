import { randomBytes } from 'node:crypto';
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { BoundedCache, stringBytes } from '../../../lib/bounded-cache.js';

// Each catalogue image's tiny placeholder, written beside the disk cache so a restart still knows them.

/** About 10,000 placeholders of a few hundred bytes. */
const PLACEHOLDER_BYTES = 8 * 1024 * 1024;
/** A larger file was not written by this module, and is not read. */
const MAX_FILE_BYTES = 4 * PLACEHOLDER_BYTES;
const WRITE_DELAY_MS = 1000;

const fileSchema = z.array(z.tuple([z.string().max(4096), z.string().startsWith('data:image/').max(4096)]));

export class ImagePlaceholders {
  readonly #file: string;
  /** null: the image was refused. */
  readonly #known = new BoundedCache<string | null>({
    maxBytes: PLACEHOLDER_BYTES,
    sizeOf: (value) => (value === null ? 0 : stringBytes(value)),
  });
  #timer: NodeJS.Timeout | undefined;
  #writing: Promise<void> = Promise.resolve();

  private constructor(file: string) {
    this.#file = file;
  }

  static async open(file: string): Promise<ImagePlaceholders> {
    const placeholders = new ImagePlaceholders(file);
    try {
      if ((await stat(file)).size <= MAX_FILE_BYTES) {
        const parsed = fileSchema.safeParse(JSON.parse(await readFile(file, 'utf8')));
        if (parsed.success)
          for (const [source, placeholder] of parsed.data) placeholders.#known.set(source, placeholder);
      }
    } catch {
      // No file yet, or one cut short: the placeholders are computed again as images are served.
    }
    return placeholders;
  }

  /** null when it has none; undefined when not known yet. */
  get(source: string): string | null | undefined {
    return this.#known.get(source);
  }

  set(source: string, placeholder: string | null): void {
    this.#known.set(source, placeholder);
    if (placeholder !== null) this.#scheduleWrite();
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
    const entries: Array<[string, string]> = [];
    for (const [source, placeholder] of this.#known.entries())
      if (placeholder !== null) entries.push([source, placeholder]);
    const partial = `${this.#file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, JSON.stringify(entries), { mode: 0o600 });
      await rename(partial, this.#file);
    } catch {
      // A full disk loses only the restart's head start; the placeholders in memory are unchanged.
    } finally {
      await rm(partial, { force: true });
    }
  }
}
