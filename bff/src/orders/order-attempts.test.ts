import { describe, expect, it } from 'vitest';
import { StoreError } from '../errors.js';
import type { RestOrder } from '../rest/answer-shapes.js';
import type { PlacedOrder } from '../rest/store-api.js';
import { OrderAttempts, type AttemptCalls, type Unresolved } from './order-attempts.js';

const order = (id: string): RestOrder => ({
  _id: id,
  items: [],
  status: 'Order Placed',
  paymentMethod: 'COD',
  date: 1,
});

/** A backend stand-in: counts the orders placed, answers as told. */
function backend(answer: (call: number) => Promise<PlacedOrder>) {
  const seen = { placed: 0, reads: 0, unresolved: [] as Array<Unresolved | undefined> };
  const calls: AttemptCalls = {
    ordersBefore: () => {
      seen.reads += 1;
      return Promise.resolve(new Set(['older']));
    },
    place: (unresolved) => {
      seen.unresolved.push(unresolved);
      seen.placed += 1;
      return answer(seen.placed);
    },
  };
  return { seen, calls };
}

const messageOnly: PlacedOrder = { message: 'Order Placed', replayed: false };
const unavailable = () => new StoreError('UPSTREAM_UNAVAILABLE', 'The store is not answering right now.');

describe('order attempts', () => {
  it('a double click waits for the first call and makes one order', async () => {
    const attempts = new OrderAttempts();
    const { seen, calls } = backend(
      () => new Promise((resolve) => setTimeout(() => resolve(messageOnly), 20)),
    );
    const key = OrderAttempts.keyOf('Bearer a', 'key-0001');
    const [first, second] = await Promise.all([attempts.run(key, calls), attempts.run(key, calls)]);
    expect(seen.placed).toBe(1);
    expect(first.replayed).toBe(false);
    expect(second).toEqual({ ...messageOnly, replayed: true });
  });

  it('a retry after success gets the same answer without calling the backend', async () => {
    const attempts = new OrderAttempts();
    const { seen, calls } = backend(() => Promise.resolve(messageOnly));
    const key = OrderAttempts.keyOf('Bearer a', 'key-0001');
    await attempts.run(key, calls);
    expect(await attempts.run(key, calls)).toEqual({ ...messageOnly, replayed: true });
    expect(seen.placed).toBe(1);
  });

  it('the same key from another shopper is another attempt', async () => {
    const attempts = new OrderAttempts();
    const { seen, calls } = backend(() => Promise.resolve(messageOnly));
    await attempts.run(OrderAttempts.keyOf('Bearer a', 'key-0001'), calls);
    await attempts.run(OrderAttempts.keyOf('Bearer b', 'key-0001'), calls);
    expect(seen.placed).toBe(2);
  });

  it('after an answer that never came, the retry is told which orders existed before the first call', async () => {
    const attempts = new OrderAttempts();
    const { seen, calls } = backend((call) =>
      call === 1 ? Promise.reject(unavailable()) : Promise.resolve(messageOnly),
    );
    const key = OrderAttempts.keyOf('Bearer a', 'key-0001');
    await expect(attempts.run(key, calls)).rejects.toThrow(/not answering/);
    await attempts.run(key, calls);
    expect(seen.reads).toBe(1);
    expect(seen.unresolved).toEqual([undefined, { before: new Set(['older']), claimed: new Set() }]);
  });

  it('a refusal is forgotten: the next try starts afresh and is not a retry', async () => {
    const attempts = new OrderAttempts();
    const { seen, calls } = backend((call) =>
      call === 1
        ? Promise.reject(new StoreError('BAD_USER_INPUT', 'Zip code must be 3 to 10 digits'))
        : Promise.resolve(messageOnly),
    );
    const key = OrderAttempts.keyOf('Bearer a', 'key-0001');
    await expect(attempts.run(key, calls)).rejects.toThrow(/Zip/);
    expect((await attempts.run(key, calls)).replayed).toBe(false);
    expect(seen.unresolved).toEqual([undefined, undefined]);
  });

  it('a refusal for stock is forgotten too: the same cart and key place the order once the shelf is restocked', async () => {
    const attempts = new OrderAttempts();
    const shortfalls = [{ productId: 'a', name: 'Stride Pro', size: 'UK 9', requested: 2, left: 1 }];
    const { seen, calls } = backend((call) =>
      call <= 2
        ? Promise.reject(
            new StoreError('OUT_OF_STOCK', 'Only 1 left of Stride Pro, UK 9', 409, { shortfalls }),
          )
        : Promise.resolve({ order: order('restocked'), message: 'Order placed', replayed: false }),
    );
    const key = OrderAttempts.keyOf('Bearer a', 'key-0001');
    // Each try is sent: a refusal is never answered from memory, nor taken for an answer that may have placed it.
    for (let i = 0; i < 2; i += 1) {
      await expect(attempts.run(key, calls)).rejects.toMatchObject({
        extensions: { code: 'OUT_OF_STOCK', shortfalls },
      });
    }
    const placed = await attempts.run(key, calls);
    expect(placed).toMatchObject({ order: { _id: 'restocked' }, replayed: false });
    expect(seen.placed).toBe(3);
    expect(seen.unresolved).toEqual([undefined, undefined, undefined]);
  });

  it('a failure before any placing call went out is no unknown outcome', async () => {
    const attempts = new OrderAttempts();
    let reads = 0;
    const calls: AttemptCalls = {
      ordersBefore: () =>
        ++reads === 1 ? Promise.reject(unavailable()) : Promise.resolve(new Set<string>()),
      place: (unresolved) =>
        Promise.resolve({ ...messageOnly, message: unresolved === undefined ? 'fresh' : 'retry' }),
    };
    const key = OrderAttempts.keyOf('Bearer a', 'key-0001');
    await expect(attempts.run(key, calls)).rejects.toThrow(/not answering/);
    expect((await attempts.run(key, calls)).message).toBe('fresh');
    expect(reads).toBe(2);
  });

  it('stops reading orders first once the backend answers the orders it places (its key is then trusted)', async () => {
    const attempts = new OrderAttempts();
    const { seen, calls } = backend((call) =>
      Promise.resolve({ order: order(`o${call}`), message: 'Order placed', replayed: false }),
    );
    await attempts.run(OrderAttempts.keyOf('Bearer a', 'key-0001'), calls);
    await attempts.run(OrderAttempts.keyOf('Bearer a', 'key-0002'), calls);
    expect(seen.reads).toBe(1);
  });

  it("tells a retry the orders the shopper's other attempts made", async () => {
    const attempts = new OrderAttempts();
    await attempts.run(
      OrderAttempts.keyOf('Bearer a', 'key-0001'),
      backend(() => Promise.resolve({ order: order('mine'), message: 'ok', replayed: true })).calls,
    );
    const { seen, calls } = backend((call) =>
      call === 1 ? Promise.reject(unavailable()) : Promise.resolve(messageOnly),
    );
    const key = OrderAttempts.keyOf('Bearer a', 'key-0002');
    await expect(attempts.run(key, calls)).rejects.toThrow();
    await attempts.run(key, calls);
    expect(seen.unresolved[1]?.claimed).toEqual(new Set(['mine']));
  });

  it('keeps a bounded number of attempts, for a bounded time', async () => {
    let now = 0;
    const attempts = new OrderAttempts({ maxAttempts: 2, ttlMs: 1000, now: () => now });
    const { seen, calls } = backend(() => Promise.resolve(messageOnly));
    for (const key of ['k1', 'k2', 'k3'])
      await attempts.run(OrderAttempts.keyOf('Bearer a', `${key}-aaaaaa`), calls);
    await attempts.run(OrderAttempts.keyOf('Bearer a', 'k1-aaaaaa'), calls);
    expect(seen.placed).toBe(4);
    now = 1000;
    await attempts.run(OrderAttempts.keyOf('Bearer a', 'k3-aaaaaa'), calls);
    expect(seen.placed).toBe(5);
  });
});
