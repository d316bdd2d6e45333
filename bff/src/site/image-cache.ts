import { randomBytes } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';

// The optimizer's answers on disk, least recently used first out. A restart keeps them (a file's access time
// is when it was last served); files are written aside and renamed, so no reader sees half an image. A file is
// named by what it holds, so BFFs sharing the folder use each other's.

const ENTRY_NAME = /^[0-9a-f]{64}\.(avif|webp|jpg)$/;
/** So that a hit is a read, not a write. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

export interface CacheEntry {
  name: string;
  size: number;
  writtenAt: number;
  usedAt: number;
}

export interface StoredImage {
  entry: CacheEntry;
  bytes: Buffer;
}

/** A cache another user can write to could serve a shopper their files. */
function claimFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const folder = statSync(dir);
  const uid = process.getuid?.();
  if (!folder.isDirectory()) throw new Error(`IMAGE_CACHE_DIR ${dir} is not a folder`);
  if ((uid !== undefined && folder.uid !== uid) || (folder.mode & 0o022) !== 0)
    throw new Error(
      `IMAGE_CACHE_DIR ${dir} must belong to this user and be writable by nobody else (chmod 700)`,
    );
}

export class ImageDiskCache {
  readonly dir: string;
  readonly #maxBytes: number;
  /** Least recently used first. */
  readonly #entries = new Map<string, CacheEntry>();
  #bytes = 0;

  private constructor(dir: string, maxBytes: number) {
    this.dir = dir;
    this.#maxBytes = maxBytes;
  }

  static async open(dir: string, maxBytes: number): Promise<ImageDiskCache> {
    claimFolder(dir);
    const cache = new ImageDiskCache(path.resolve(dir), maxBytes);
    const found: CacheEntry[] = [];
    for (const name of await readdir(cache.dir)) {
      const file = path.join(cache.dir, name);
      // A write cut short by a crash; nothing refers to it.
      if (name.endsWith('.partial')) await rm(file, { force: true });
      if (!ENTRY_NAME.test(name)) continue;
      const info = await stat(file).catch(() => undefined);
      if (info?.isFile() === true)
        found.push({ name, size: info.size, writtenAt: info.mtimeMs, usedAt: info.atimeMs });
    }
    found.sort((a, b) => a.usedAt - b.usedAt);
    for (const entry of found) cache.#add(entry);
    await cache.#evict();
    return cache;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Enough to answer a revalidation: a file this cache knows, or one another process sharing the folder wrote. */
  async find(name: string): Promise<CacheEntry | undefined> {
    const known = this.#entries.get(name);
    if (known !== undefined || !ENTRY_NAME.test(name)) return known;
    const info = await stat(path.join(this.dir, name)).catch(() => undefined);
    if (info?.isFile() !== true || this.#entries.has(name)) return this.#entries.get(name);
    const entry: CacheEntry = { name, size: info.size, writtenAt: info.mtimeMs, usedAt: Date.now() };
    this.#add(entry);
    await this.#evict();
    return this.#entries.get(name);
  }

  /** Undefined when the file is gone (another process evicted it). */
  async read(entry: CacheEntry): Promise<Buffer | undefined> {
    const file = path.join(this.dir, entry.name);
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch {
      this.#drop(entry.name);
      return undefined;
    }
    const now = Date.now();
    if (this.#entries.get(entry.name) === entry) {
      this.#entries.delete(entry.name);
      this.#entries.set(entry.name, entry);
      if (now - entry.usedAt > TOUCH_EVERY_MS) {
        // Set explicitly, as noatime mounts would not; the index is rebuilt in this order.
        await utimes(file, now / 1000, entry.writtenAt / 1000).catch(() => undefined);
      }
      entry.usedAt = now;
    }
    return bytes;
  }

  async write(name: string, bytes: Buffer): Promise<CacheEntry> {
    if (!ENTRY_NAME.test(name)) throw new Error(`not a cache entry name: ${name}`);
    const file = path.join(this.dir, name);
    const partial = `${file}.${randomBytes(6).toString('hex')}.partial`;
    try {
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, file);
    } finally {
      await rm(partial, { force: true });
    }
    const now = Date.now();
    const entry: CacheEntry = { name, size: bytes.length, writtenAt: now, usedAt: now };
    this.#drop(name);
    this.#add(entry);
    await this.#evict();
    return entry;
  }

  #add(entry: CacheEntry): void {
    this.#entries.set(entry.name, entry);
    this.#bytes += entry.size;
  }

  #drop(name: string): void {
    const entry = this.#entries.get(name);
    if (entry === undefined) return;
    this.#entries.delete(name);
    this.#bytes -= entry.size;
  }

  async #evict(): Promise<void> {
    while (this.#bytes > this.#maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done === true) return;
      this.#drop(oldest.value);
      await rm(path.join(this.dir, oldest.value), { force: true });
    }
  }
}
