import { print } from 'graphql';
import { createActor, fromPromise, waitFor } from 'xstate';
import * as z from 'zod/mini';
import type { OrderRequest, PlaceOrderOutcome } from '#machines/checkout/checkout-machine';
import { queuedOrderMachine, type QueuedOrder } from '#machines/checkout/queued-order-machine';
import { StoreUnreachableError } from '#machines/store-errors';
import { changedTotal, isRefusal } from '../../../graphql/refusals';
import { PlaceOrderDocument } from '../generated/documents';
import { placeOrderVariables } from '../place-order-variables';
import {
  putKeptOrder,
  readKeptOrders,
  readSenders,
  settleKeptOrder,
  type KeptOrderOutcome,
} from './kept-order-db';

// Background Sync with no tab of the store open: the service worker sends the kept orders itself, with the same
// queued-order machine the app runs, as the account whose token the app left for it (kept-orders.ts). What became
// of each waits for the app to tell the shopper (kept-order-db's outcomes). An order asking for a new total waits
// for the shopper; a call the store did not answer leaves the order as it was, and the sync is tried again.

const PLACE_ORDER = print(PlaceOrderDocument);
/** A sync event is given a few minutes at most; an order unanswered this long is tried at the next one. */
const SEND_TIMEOUT_MS = 30_000;

const answerSchema = z.object({
  data: z.optional(
    z.nullable(
      z.object({
        placeOrder: z.nullable(z.object({ order: z.nullable(z.object({ id: z.string() })) })),
      }),
    ),
  ),
  errors: z.optional(
    z.array(
      z.object({
        message: z.string(),
        extensions: z.optional(
          z.nullable(z.object({ code: z.optional(z.string()), total: z.optional(z.number()) })),
        ),
      }),
    ),
  ),
});

/** PLACE ORDER over plain fetch (the worker has no Apollo Client), read as the app's placeOrder reads it. */
async function placeOrderAs(token: string, request: OrderRequest): Promise<PlaceOrderOutcome> {
  const answer = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({
      query: PLACE_ORDER,
      operationName: 'PlaceOrder',
      variables: placeOrderVariables(request),
    }),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
  }).catch((error: unknown) => {
    throw new StoreUnreachableError('The store could not be reached.', { cause: error });
  });
  const parsed = answerSchema.safeParse(await answer.json().catch(() => undefined));
  if (!parsed.success) throw new Error(`The store answered ${String(answer.status)}.`);
  const placed = parsed.data.data?.placeOrder;
  if (placed) return { status: 'placed', orderId: placed.order?.id ?? null };
  const first = parsed.data.errors?.[0];
  const code = first?.extensions?.code;
  const message = first?.message ?? 'The order was refused.';
  const total = changedTotal(code, first?.extensions?.total);
  if (total !== undefined) return { status: 'priceChanged', message, total };
  if (isRefusal(code)) return { status: 'refused', message };
  // Signed out, busy, the backend down: the app sends it when it opens.
  throw new Error(message);
}

/** One kept order, sent once; whether it is still waiting for the network. */
async function sendOne(order: QueuedOrder, token: string): Promise<boolean> {
  // The writes end before the sync event does: the browser may stop the worker right after it.
  const writes: Array<Promise<void>> = [];
  const write = (done: Promise<void>) => void writes.push(done.catch(() => undefined));
  const settle = (outcome: KeptOrderOutcome) => write(settleKeptOrder(outcome));
  const base = { id: order.id, account: order.account };
  const actor = createActor(
    queuedOrderMachine.provide({
      actors: { sendOrder: fromPromise(({ input }: { input: OrderRequest }) => placeOrderAs(token, input)) },
      actions: {
        keep: (_, { order: kept }) => write(putKeptOrder(kept)),
        // Settled below with its outcome, in one transaction.
        forget: () => undefined,
      },
    }),
    { input: { order } },
  );
  actor.on('queued.placed', ({ orderId, order: sent }) =>
    settle({ ...base, order: sent, kind: 'placed', orderId }),
  );
  actor.on('queued.refused', ({ message, order: refused }) =>
    settle({ ...base, order: refused, kind: 'refused', message }),
  );
  actor.on('queued.expired', ({ order: expired }) => settle({ ...base, order: expired, kind: 'expired' }));
  actor.start();
  actor.send({ type: 'queued.send', at: Date.now() });
  const snapshot = await waitFor(actor, (state) => !state.matches('sending'));
  actor.stop();
  await Promise.all(writes);
  return snapshot.matches('waiting');
}

/** Sends every kept order of every account the app left a sender for; false while any still waits. */
export async function sendKeptOrdersFromWorker(): Promise<boolean> {
  let waiting = false;
  for (const { account, token } of await readSenders()) {
    for (const order of await readKeptOrders(account)) {
      if (await sendOne(order, token)) waiting = true;
    }
  }
  return !waiting;
}
