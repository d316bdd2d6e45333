// A least-recently-used map bounded by bytes, keys included, and optionally by entries and age. Every cache the
// API and the BFF keep goes through it, so a hostile client sending ever new keys (hosts, queries, URLs) can make
// them forget, never grow.

/** What one entry costs besides its key and value: the Map slot and the entry record. */
const ENTRY_OVERHEAD_BYTES = 64;

/** Bytes a string takes in memory (V8 keeps most as one byte per character; two is the safe bound). */
export function stringBytes(text: string): number {
  return text.length * 2;
}

export interface BoundedCacheOptions<V> {
  /** The most the entries may take together, keys and overhead included. */
  maxBytes: number;
  /** What a value takes in memory; a value whose size is not known yet (a promise) may be sized later with `resize`. */
  sizeOf: (value: V) => number;
  /** An entry count bound on top of the bytes (for values whose size is hard to estimate). */
  maxEntries?: number;
  /** Entries older than this are not served. */
  ttlMs?: number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  storedAt: number;
}

export class BoundedCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #sizeOf: (value: V) => number;
  readonly #now: () => number;
  #bytes = 0;

  constructor({
    maxBytes,
    sizeOf,
    maxEntries = Number.POSITIVE_INFINITY,
    ttlMs = Number.POSITIVE_INFINITY,
    now = Date.now,
  }: BoundedCacheOptions<V>) {
    this.#maxBytes = maxBytes;
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
    this.#sizeOf = sizeOf;
    this.#now = now;
  }

  /** By the cache's own accounting. */
  get bytes(): number {
    return this.#bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value, which becomes the most recently used; undefined when absent or expired. */
  get(key: string): V | undefined {
    const entry = this.#live(key);
    if (entry === undefined) return undefined;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Whether a live entry is kept, without making it recently used. */
  has(key: string): boolean {
    return this.#live(key) !== undefined;
  }

  /**
   * Keeps the value, dropping the least recently used entries until it fits. A value larger than the whole cache is
   * not kept (and any older value of the key is dropped): the answer is false.
   */
  set(key: string, value: V): boolean {
    this.delete(key);
    const bytes = this.#costOf(key, value);
    if (bytes > this.#maxBytes) return false;
    this.#entries.set(key, { value, bytes, storedAt: this.#now() });
    this.#bytes += bytes;
    this.#evict();
    return true;
  }

  /** Sizes an entry again once its value is known (a settled promise); an entry that no longer fits is dropped. */
  resize(key: string, value: V, valueBytes: number): void {
    const entry = this.#entries.get(key);
    if (entry === undefined || entry.value !== value) return;
    const bytes = stringBytes(key) + ENTRY_OVERHEAD_BYTES + valueBytes;
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    if (bytes > this.#maxBytes) this.delete(key);
    else this.#evict(key);
  }

  delete(key: string): boolean {
    const entry = this.#entries.get(key);
    if (entry === undefined) return false;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
    return true;
  }

  /** Drops the entry only while it still holds this value (a failed promise, not its replacement). */
  deleteIf(key: string, value: V): void {
    if (this.#entries.get(key)?.value === value) this.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** The live entries, least recently used first, without making any of them recently used. */
  *entries(): IterableIterator<[string, V]> {
    for (const [key, entry] of this.#entries)
      if (this.#now() - entry.storedAt < this.#ttlMs) yield [key, entry.value];
  }

  #costOf(key: string, value: V): number {
    return stringBytes(key) + ENTRY_OVERHEAD_BYTES + this.#sizeOf(value);
  }

  #live(key: string): Entry<V> | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (this.#now() - entry.storedAt >= this.#ttlMs) {
      this.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Oldest first out, until both bounds hold; `keep` (the entry just sized) goes last. */
  #evict(keep?: string): void {
    for (const key of this.#entries.keys()) {
      if (this.#bytes <= this.#maxBytes && this.#entries.size <= this.#maxEntries) return;
      if (key !== keep) this.delete(key);
    }
    if (keep !== undefined && (this.#bytes > this.#maxBytes || this.#entries.size > this.#maxEntries))
      this.delete(keep);
  }
}
