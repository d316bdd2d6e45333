import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import * as z from 'zod/mini';
import { deliveryAddressSchema } from '#domain/address';
import { idempotencyKeySchema, orderQuantitySchema, productIdSchema, sizeSchema } from '#domain/cart-line';
import { onFirstUse } from '#domain/on-first-use';
import type { QueuedOrder } from '#machines/checkout/queued-order-machine';

// Orders kept on this device until they can be sent (kept-orders.ts). IndexedDB, not localStorage: the service
// worker can read it too, and a write is a transaction that a closed tab cannot leave half done.

const DB_NAME = 'store-kept-orders';
const STORE = 'orders';
const SENDERS = 'senders';
const OUTCOMES = 'outcomes';

/** Whom the service worker sends an account's kept orders as when no tab is open: the store's own token. */
export interface KeptOrderSender {
  account: string;
  token: string;
}

/** What became of a kept order the service worker sent, for the app to tell the shopper when it next opens. */
export type KeptOrderOutcome = { id: string; account: string; order: QueuedOrder } & (
  { kind: 'placed'; orderId: string | null } | { kind: 'refused'; message: string } | { kind: 'expired' }
);

interface KeptOrdersDb extends DBSchema {
  [STORE]: { key: string; value: QueuedOrder };
  [SENDERS]: { key: string; value: KeptOrderSender };
  [OUTCOMES]: { key: string; value: KeptOrderOutcome };
}

let database: Promise<IDBPDatabase<KeptOrdersDb>> | undefined;

function openKeptOrders(): Promise<IDBPDatabase<KeptOrdersDb>> {
  database ??= openDB<KeptOrdersDb>(DB_NAME, 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) db.createObjectStore(STORE, { keyPath: 'id' });
      if (oldVersion < 2) {
        db.createObjectStore(SENDERS, { keyPath: 'account' });
        db.createObjectStore(OUTCOMES, { keyPath: 'id' });
      }
    },
  });
  return database;
}

// What another version of the app (or a hand in devtools) left is checked before it is sent anywhere, with the
// checks the store makes of an order (domain/), so a kept order it would refuse is not kept.
const orderSchema = onFirstUse(() => {
  const amount = z.number().check(z.minimum(0));
  const line = {
    productId: productIdSchema('productId'),
    size: sizeSchema(),
    quantity: orderQuantitySchema('quantity'),
  };
  return z.object({
    id: idempotencyKeySchema('id'),
    account: z.string().check(z.minLength(1), z.maxLength(500)),
    request: z.object({
      address: deliveryAddressSchema,
      lines: z.array(z.object(line)).check(z.minLength(1)),
      total: amount,
      idempotencyKey: idempotencyKeySchema('idempotencyKey'),
    }),
    queuedAt: z.number(),
    newTotal: z.nullable(amount),
    items: z.array(z.object({ ...line, name: z.string(), price: amount, image: z.nullable(z.string()) })),
  });
});

export async function putKeptOrder(order: QueuedOrder): Promise<void> {
  await (await openKeptOrders()).put(STORE, order);
}

export async function deleteKeptOrder(id: string): Promise<void> {
  await (await openKeptOrders()).delete(STORE, id);
}

/** The account's kept orders, oldest first; a record that is not a kept order is dropped. */
export async function readKeptOrders(account: string): Promise<QueuedOrder[]> {
  const db = await openKeptOrders();
  const kept: QueuedOrder[] = [];
  for (const record of await db.getAll(STORE)) {
    const parsed = orderSchema().safeParse(record);
    if (!parsed.success) await db.delete(STORE, String((record as { id?: unknown }).id));
    else if (parsed.data.account === account) kept.push(parsed.data);
  }
  return kept.sort((a, b) => a.queuedAt - b.queuedAt);
}

export async function putSender(sender: KeptOrderSender): Promise<void> {
  await (await openKeptOrders()).put(SENDERS, sender);
}

export async function deleteSender(account: string): Promise<void> {
  await (await openKeptOrders()).delete(SENDERS, account);
}

const senderSchema = z.object({
  account: z.string().check(z.minLength(1), z.maxLength(500)),
  token: z.string().check(z.minLength(1), z.maxLength(4096)),
});

export async function readSenders(): Promise<KeptOrderSender[]> {
  return (await (await openKeptOrders()).getAll(SENDERS)).flatMap((record) => {
    const parsed = senderSchema.safeParse(record);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The worker is done with a kept order: it leaves the device and its outcome waits for the app, in one
 * transaction, and only if it is still kept (the app, opened meanwhile, may have sent it and told the shopper).
 */
export async function settleKeptOrder(outcome: KeptOrderOutcome): Promise<void> {
  const tx = (await openKeptOrders()).transaction([STORE, OUTCOMES], 'readwrite');
  if ((await tx.objectStore(STORE).get(outcome.id)) !== undefined) {
    await tx.objectStore(STORE).delete(outcome.id);
    await tx.objectStore(OUTCOMES).put(outcome);
  }
  await tx.done;
}

const outcomeSchema = z.object({
  kind: z.enum(['placed', 'refused', 'expired']),
  orderId: z.optional(z.nullable(z.string())),
  message: z.optional(z.string()),
});

/** The account's outcomes, each handed over once (removed as it is read); one of another shape is dropped. */
export async function takeOutcomes(account: string): Promise<KeptOrderOutcome[]> {
  const tx = (await openKeptOrders()).transaction(OUTCOMES, 'readwrite');
  const taken: KeptOrderOutcome[] = [];
  for (const record of await tx.store.getAll()) {
    const order = orderSchema().safeParse((record as { order?: unknown }).order);
    const outcome = outcomeSchema.safeParse(record);
    if (order.success && outcome.success && order.data.account !== account) continue;
    await tx.store.delete(String((record as { id?: unknown }).id));
    if (!order.success || !outcome.success) continue;
    const { kind, orderId, message } = outcome.data;
    const base = { id: order.data.id, account, order: order.data };
    if (kind === 'placed') taken.push({ ...base, kind, orderId: orderId ?? null });
    else if (kind === 'refused') taken.push({ ...base, kind, message: message ?? 'The store refused it.' });
    else taken.push({ ...base, kind });
  }
  await tx.done;
  return taken;
}

export async function deleteOutcome(id: string): Promise<void> {
  await (await openKeptOrders()).delete(OUTCOMES, id);
}
