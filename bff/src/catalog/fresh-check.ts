// A check good only for callers that asked before it began. Callers arriving while one runs share the next,
// so a burst costs at most two checks and no caller gets an answer older than its request.

export class FreshCheck<V> {
  #running: Promise<V> | undefined;
  #next: Promise<V> | undefined;

  constructor(private readonly check: () => Promise<V>) {}

  run(): Promise<V> {
    if (this.#running === undefined) return this.#start();
    this.#next ??= this.#running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        this.#next = undefined;
        // One started meanwhile began after every caller of this one: it answers them too.
        return this.#running ?? this.#start();
      });
    return this.#next;
  }

  #start(): Promise<V> {
    const started = this.check().finally(() => {
      if (this.#running === started) this.#running = undefined;
    });
    this.#running = started;
    return started;
  }
}
