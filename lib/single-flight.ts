// One piece of work per key at a time: whoever asks while it runs waits on the same promise, so a burst of requests
// for one thing (a catalogue revalidation, a page render, a query) costs one call. Settled work is forgotten, so a
// failure is tried afresh by the next caller.

export class SingleFlight<V> {
  readonly #running = new Map<string, Promise<V>>();

  /** Work under way now, a count bounded by the callers waiting on it. */
  get size(): number {
    return this.#running.size;
  }

  run(key: string, work: () => Promise<V>): Promise<V> {
    const running = this.#running.get(key);
    if (running !== undefined) return running;
    const started = work().finally(() => {
      if (this.#running.get(key) === started) this.#running.delete(key);
    });
    this.#running.set(key, started);
    return started;
  }
}
