import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import * as z from 'zod/mini';
import { deliveryAddressSchema } from '#domain/address';
import { idempotencyKeySchema, orderQuantitySchema, productIdSchema, sizeSchema } from '#domain/cart-line';
import type { QueuedOrder } from '#machines/checkout/queued-order-machine';

// Orders kept on this device until they can be sent (kept-orders.ts). IndexedDB, not localStorage: the service
// worker can read it too, and a write is a transaction that a closed tab cannot leave half done.

const DB_NAME = 'store-kept-orders';
const STORE = 'orders';

interface KeptOrdersDb extends DBSchema {
  [STORE]: { key: string; value: QueuedOrder };
}

let database: Promise<IDBPDatabase<KeptOrdersDb>> | undefined;

function openKeptOrders(): Promise<IDBPDatabase<KeptOrdersDb>> {
  database ??= openDB<KeptOrdersDb>(DB_NAME, 1, {
    upgrade(db) {
      db.createObjectStore(STORE, { keyPath: 'id' });
    },
  });
  return database;
}

// What another version of the app (or a hand in devtools) left is checked before it is sent anywhere.
let schema: ReturnType<typeof buildSchema> | undefined;

// The same checks the store makes of an order (domain/), so a kept order it would refuse is not kept.
function buildSchema() {
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
}

export async function putKeptOrder(order: QueuedOrder): Promise<void> {
  await (await openKeptOrders()).put(STORE, order);
}

export async function deleteKeptOrder(id: string): Promise<void> {
  await (await openKeptOrders()).delete(STORE, id);
}

/** The account's kept orders, oldest first; a record that is not a kept order is dropped. */
export async function readKeptOrders(account: string): Promise<QueuedOrder[]> {
  schema ??= buildSchema();
  const db = await openKeptOrders();
  const kept: QueuedOrder[] = [];
  for (const record of await db.getAll(STORE)) {
    const parsed = schema.safeParse(record);
    if (!parsed.success) await db.delete(STORE, String((record as { id?: unknown }).id));
    else if (parsed.data.account === account) kept.push(parsed.data);
  }
  return kept.sort((a, b) => a.queuedAt - b.queuedAt);
}
