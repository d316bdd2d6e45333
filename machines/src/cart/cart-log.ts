// Operations on the event log: appending, compacting so local storage stays small, re-basing on the server's cart and
// restoring a stored log on a new page. How a tab takes another tab's log is in cart-tab-merge.ts.
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import type { CartData, CartEvent, CartLog, QuantitySet } from './cart-events.js';
import { MAX_STORED_EVENTS } from './cart-events.js';
import { cartLines, foldCart, isAcceptedQuantity, lineQuantity, quantityAfter } from './cart-fold.js';

/** A log longer than this is compacted on the next append. */
export const COMPACT_ABOVE = 200;

/** The changes the server has not confirmed: a guest's whole cart, or a signed-in shopper's outbox. */
export function pendingEvents(log: CartLog): readonly CartEvent[] {
  return log.events.slice(log.synced);
}

export function appendCartEvent(log: CartLog, event: CartEvent): CartLog {
  const appended = { events: [...log.events, event], synced: log.synced };
  return appended.events.length > COMPACT_ABOVE ? compactCartLog(appended) : appended;
}

/** One absolute quantity for the server's update call. */
export interface CartChange {
  itemId: string;
  size: string;
  quantity: number;
}

/**
 * The oldest pending event as the line's quantity right after it: sent as a set, a resend after a timeout cannot count
 * it twice, which an add (+1) would, since the server keeps no event ids.
 */
export function nextChangeToSend(log: CartLog): CartChange | undefined {
  const event = log.events[log.synced];
  if (!event) return undefined;
  const before = foldCart(log.events.slice(0, log.synced));
  return {
    itemId: event.itemId,
    size: event.size,
    quantity: quantityAfter(lineQuantity(before, event.itemId, event.size), event),
  };
}

/** The log as the server's cart plus the pending events from `keepFrom` on, replayed on top of it. */
export function rebaseCartLog(log: CartLog, server: CartData, keepFrom: number, at: number): CartLog {
  const base: CartEvent[] = cartLines(server)
    .filter((line) => isAcceptedQuantity(line.quantity))
    .map((line, index) => ({ type: 'quantitySet', id: `base-${index}`, at, ...line }));
  return { events: [...base, ...log.events.slice(keepFrom)], synced: base.length };
}

const lineKey = (event: CartEvent) => JSON.stringify([event.itemId, event.size]);

function groupByLine(events: readonly CartEvent[]): CartEvent[][] {
  const lines = new Map<string, CartEvent[]>();
  for (const event of events) {
    const key = lineKey(event);
    const group = lines.get(key);
    if (group) group.push(event);
    else lines.set(key, [event]);
  }
  return [...lines.values()];
}

function setTo(last: CartEvent, quantity: number): QuantitySet {
  return { type: 'quantitySet', id: last.id, at: last.at, itemId: last.itemId, size: last.size, quantity };
}

// Lines are independent, so each line's events can be shortened on their own. The result must give the same cart
// from any starting cart, not only from an empty one, because pending events are replayed on the server's cart.
function compactPreservingReplay(events: readonly CartEvent[]): CartEvent[] {
  return groupByLine(events).flatMap<CartEvent>((line) => {
    const last = line[line.length - 1]!;
    const lastSet = line.findLastIndex(
      (event) => event.type === 'quantitySet' && isAcceptedQuantity(event.quantity),
    );
    if (lastSet >= 0) return [setTo(last, line.slice(lastSet).reduce(quantityAfter, 0))];
    const adds = line.filter((event) => event.type === 'added');
    // Enough adds reach the maximum from any start, which one set says as well.
    return adds.length >= MAX_LINE_QUANTITY ? [setTo(last, MAX_LINE_QUANTITY)] : adds;
  });
}

/**
 * The shortest log giving the same cart from any start: the confirmed part becomes one set per line; the oldest pending
 * event is kept as it is (it may be on its way). If add-only lines still leave it long, the pending part becomes one
 * absolute set per line (a guest's adds then replace, not add to, the account's lines).
 */
export function compactCartLog(log: CartLog): CartLog {
  const confirmed = cartLines(foldCart(log.events.slice(0, log.synced)));
  const lastConfirmed = new Map(log.events.slice(0, log.synced).map((event) => [lineKey(event), event]));
  const base: CartEvent[] = confirmed.map((line) => {
    const last = lastConfirmed.get(JSON.stringify([line.itemId, line.size]))!;
    return setTo(last, line.quantity);
  });
  const [head, ...rest] = pendingEvents(log);
  const kept = head ? [head] : [];
  let pending = compactPreservingReplay(rest);
  if (base.length + kept.length + pending.length > Math.min(COMPACT_ABOVE, MAX_STORED_EVENTS)) {
    const cart = foldCart(log.events);
    pending = groupByLine(rest).map((line) => {
      const last = line[line.length - 1]!;
      return setTo(last, lineQuantity(cart, last.itemId, last.size));
    });
  }
  return { events: [...base, ...kept, ...pending], synced: base.length };
}

/**
 * A signed-in shopper's unsent changes as absolute quantities: a reload may interrupt a change that reached the server,
 * and replaying an `added` would then count it twice. (A guest's adds still add to the account's lines on sign-in.)
 */
export function outboxAsAbsolute(log: CartLog): CartLog {
  const pending = pendingEvents(log);
  if (pending.every((event) => event.type === 'quantitySet')) return log;
  const cart = foldCart(log.events);
  const sets = groupByLine(pending).map((line) => {
    const last = line[line.length - 1]!;
    return setTo(last, lineQuantity(cart, last.itemId, last.size));
  });
  // A line's place is that of its last change (whose id its set keeps), as the shopper made them.
  const position = new Map(pending.map((event, index) => [event.id, index]));
  sets.sort((a, b) => position.get(a.id)! - position.get(b.id)!);
  return { events: [...log.events.slice(0, log.synced), ...sets], synced: log.synced };
}

/** A stored log as a new page starts from: an account's outbox as absolute quantities, stored-only marks dropped. */
export function restoredCartLog(stored: CartLog): CartLog {
  const { events, synced } = stored.outbox === true ? outboxAsAbsolute(stored) : stored;
  return { events, synced };
}
