// The client's cart fold and the real server agree on every sequence of cart events, both when the events are
// sent as the server's own add/update calls and when the cart machine syncs them (absolute quantities).
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import { EMPTY_CART_LOG, type CartData, type CartEvent } from '../../machines/src/cart/cart-events.js';
import { foldCart } from '../../machines/src/cart/cart-fold.js';
import type { CartChange } from '../../machines/src/cart/cart-log.js';
import { cartMachine, type CartChangeResult } from '../../machines/src/cart/cart-machine.js';
import { selectCart } from '../../machines/src/cart/cart-selectors.js';
import { call } from '../support/http.js';
import { listProducts, signUp, useApi } from '../support/store-api.js';

type Op = { kind: 'add'; line: number } | { kind: 'set'; line: number; quantity: number };

// Quantities around the limits, and ones the server refuses (which the fold must ignore the same way).
const quantityArb = fc.oneof(
  fc.integer({ min: 0, max: 3 }),
  fc.constantFrom(MAX_LINE_QUANTITY - 1, MAX_LINE_QUANTITY, MAX_LINE_QUANTITY + 1, -1, 1.5),
);
const opsArb = fc.array(
  fc.oneof(
    fc.record({ kind: fc.constant('add' as const), line: fc.nat(3) }),
    fc.record({ kind: fc.constant('set' as const), line: fc.nat(3), quantity: quantityArb }),
  ),
  { minLength: 1, maxLength: 10 },
);

describe('cart fold parity with the server (sqlite)', () => {
  const api = useApi('sqlite');
  const post = (path: string, token: string, body: unknown) => call(api().url, 'POST', path, body, { token });
  const serverCart = async (token: string) =>
    (await post('/api/cart/get', token, {})).body.cartData as CartData;
  let lines: Array<{ itemId: string; size: string }>;

  beforeAll(async () => {
    const [a, b] = await listProducts(api().url);
    if (!a || !b) throw new Error('the seeded catalogue has fewer than 2 products');
    lines = [a, b].flatMap((product) =>
      product.sizes.slice(0, 2).map((size) => ({ itemId: product._id, size })),
    );
  });

  const toEvents = (ops: Op[]): CartEvent[] =>
    ops.map((op, i) => {
      const { itemId, size } = lines[op.line % lines.length]!;
      return op.kind === 'add'
        ? { type: 'added', id: `e${i}`, at: i, itemId, size }
        : { type: 'quantitySet', id: `e${i}`, at: i, itemId, size, quantity: op.quantity };
    });

  it('the server’s add and update calls give the cart the client folds', async () => {
    await fc.assert(
      fc.asyncProperty(opsArb, async (ops) => {
        const { token } = await signUp(api().url);
        const events = toEvents(ops);
        for (const event of events) {
          const { itemId, size } = event;
          if (event.type === 'added') await post('/api/cart/add', token, { itemId, size });
          else await post('/api/cart/update', token, { itemId, size, quantity: event.quantity });
        }
        expect(await serverCart(token)).toEqual(foldCart(events));
      }),
      { numRuns: 30 },
    );
  });

  it('the cart machine, guest then signed in, leaves the server with the cart it shows', async () => {
    await fc.assert(
      fc.asyncProperty(opsArb, fc.nat(10), async (ops, signInAfter) => {
        const { token } = await signUp(api().url);
        const actor = createActor(
          cartMachine().provide({
            actors: {
              fetchCart: fromPromise(() => serverCart(token)),
              sendCartChange: fromPromise<CartChangeResult, CartChange>(async ({ input }) => {
                const res = await post('/api/cart/update', token, input);
                if (res.body.success !== true)
                  return { status: 'refused', message: String(res.body.message) };
                return { status: 'applied', cartData: res.body.cartData as CartData };
              }),
            },
          }),
          { input: { log: EMPTY_CART_LOG } },
        ).start();
        const events = toEvents(ops);
        events.forEach((event, i) => {
          if (i === signInAfter) actor.send({ type: 'cart.signedIn' });
          const { itemId, size } = event;
          if (event.type === 'added') actor.send({ type: 'cart.itemAdded', itemId, size });
          else actor.send({ type: 'cart.quantitySet', itemId, size, quantity: event.quantity });
        });
        if (signInAfter >= events.length) actor.send({ type: 'cart.signedIn' });
        const synced = await waitFor(actor, (snapshot) => snapshot.matches({ signedIn: 'idle' }), {
          timeout: 5_000,
        });
        actor.stop();
        expect(selectCart(synced)).toEqual(foldCart(events));
        expect(await serverCart(token)).toEqual(foldCart(events));
      }),
      { numRuns: 30 },
    );
  });
});
