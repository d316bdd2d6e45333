// The cart as an event log (decision 005): the events, the stored log's shape and how a stored log is read back.
import * as z from 'zod/mini';
import { cartQuantitySchema, productIdSchema, sizeSchema, type CartData } from '#domain/cart-line';
import { onFirstUse } from '#domain/on-first-use';

export type { CartData };

interface CartEventBase {
  /** Unique within the log. */
  id: string;
  /** When the shopper made the change (ms since the epoch); kept for debugging and ordering, never compared. */
  at: number;
  itemId: string;
  size: string;
}

/** One more of this product and size (a new line starts at 1). */
export interface ItemAdded extends CartEventBase {
  type: 'added';
}

/** This product and size now has exactly `quantity`; 0 removes the line. */
export interface QuantitySet extends CartEventBase {
  type: 'quantitySet';
  quantity: number;
}

export type CartEvent = ItemAdded | QuantitySet;

/**
 * The first `synced` events reproduce the cart as the server last confirmed it; the rest are changes the server has
 * not confirmed yet (a guest's whole cart, or a signed-in shopper's unsent outbox).
 */
export interface CartLog {
  events: readonly CartEvent[];
  synced: number;
  /** Ids the sending tab saw the server settle lately: a tab that made one drops its own copy (see mergeStoredLog). */
  settled?: readonly string[];
  /** The pending events are a signed-in account's outbox, some perhaps on their way, not a guest's cart. */
  outbox?: boolean;
}

/** At most this many settled ids travel with a stored log. */
export const MAX_SETTLED_IDS = 100;

export const EMPTY_CART_LOG: CartLog = { events: [], synced: 0 };

/** Stored logs longer than this are treated as corrupt; compaction keeps real logs far below it. */
export const MAX_STORED_EVENTS = 1000;

/** Bump when the stored shape changes: older shapes are then discarded as foreign. */
const STORED_LOG_VERSION = 1;

// Built on first use (on-first-use.ts): a first visit has no stored log.
const storedLogSchema = onFirstUse(() => {
  // The server's own checks of a line (domain/cart-line.ts), so nothing stored could never be sent.
  const eventFields = {
    id: z.string().check(z.minLength(1), z.maxLength(100)),
    at: z.number().check(z.nonnegative()),
    itemId: productIdSchema('itemId'),
    size: sizeSchema(),
  };
  const cartEventSchema = z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('added'), ...eventFields }),
    z.strictObject({
      type: z.literal('quantitySet'),
      ...eventFields,
      quantity: cartQuantitySchema('quantity'),
    }),
  ]);
  return z
    .strictObject({
      version: z.literal(STORED_LOG_VERSION),
      synced: z.number().check(z.int(), z.nonnegative()),
      events: z.array(cartEventSchema).check(z.maxLength(MAX_STORED_EVENTS)),
      settled: z.optional(z.array(eventFields.id).check(z.maxLength(MAX_SETTLED_IDS))),
      outbox: z.optional(z.literal(true)),
    })
    .check(
      z.refine((log) => log.synced <= log.events.length, 'synced is past the end of the log'),
      z.refine(
        (log) => new Set(log.events.map((event) => event.id)).size === log.events.length,
        'event ids repeat',
      ),
    );
});

/** The text the caller keeps in local storage. */
export function serializeCartLog(log: CartLog): string {
  const settled = log.settled?.length ? { settled: log.settled } : {};
  const outbox = log.outbox === true ? { outbox: true } : {};
  return JSON.stringify({
    version: STORED_LOG_VERSION,
    synced: log.synced,
    events: log.events,
    ...settled,
    ...outbox,
  });
}

/**
 * Reads a stored log back. Anything this code did not write (bad JSON, unknown events, absurd quantities, too many
 * events) is discarded with one warning: a broken cart must never break the store.
 */
export function parseStoredCartLog(raw: string | null, warn: (message: string) => void): CartLog {
  if (raw === null || raw === '') return EMPTY_CART_LOG;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    warn('Discarded the stored cart: it is not valid JSON');
    return EMPTY_CART_LOG;
  }
  const parsed = storedLogSchema().safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
    warn(`Discarded the stored cart: ${where}${issue?.message ?? 'unexpected shape'}`);
    return EMPTY_CART_LOG;
  }
  const { events, synced, settled, outbox } = parsed.data;
  return { events, synced, ...(settled?.length ? { settled } : {}), ...(outbox ? { outbox } : {}) };
}
