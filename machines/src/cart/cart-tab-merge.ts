// How a tab takes another tab's stored cart log, so every tab of the browser shows the same cart (decision 007).
import type { CartLog } from './cart-events.js';
import { appendCartEvent, pendingEvents } from './cart-log.js';

/** Where a tab stands when another tab's stored log reaches it (see mergeStoredLog). */
export interface MergeRole {
  /** This tab is the one that sends the outbox (one per browser); the others follow. */
  sender: boolean;
  /** Ids of the events this tab saw the server confirm or refuse lately: a stale copy must not bring them back. */
  settled: ReadonlySet<string>;
  /** Ids of this tab's own pending events that no other tab's stored log has shown yet. */
  unshared: ReadonlySet<string>;
}

/**
 * Another tab's stored log, as this tab takes it. The sending tab keeps its confirmed part and adds changes it has not
 * seen; a following tab takes the stored log plus its own changes no stored log has shown yet (a later write can hide
 * an earlier one). Once shown, a change's absence means the server settled it. Events match by id: none lost, none
 * counted twice. An empty stored log is another tab emptying the cart (an order placed there), which every tab follows.
 */
export function mergeStoredLog(
  local: CartLog,
  stored: CartLog,
  { sender, settled, unshared }: MergeRole,
): CartLog {
  if (stored.events.length === 0) return { events: [], synced: 0 };
  if (sender) {
    const known = new Set(local.events.map((event) => event.id));
    const unseen = pendingEvents(stored).filter((event) => !known.has(event.id) && !settled.has(event.id));
    return unseen.reduce(appendCartEvent, local);
  }
  const theirs = new Set(stored.events.map((event) => event.id));
  const settledThere = new Set(stored.settled);
  const ours = pendingEvents(local).filter(
    (event) => unshared.has(event.id) && !theirs.has(event.id) && !settledThere.has(event.id),
  );
  return { events: [...stored.events, ...ours], synced: stored.synced };
}

/** The same events in the same order with the same confirmed part: nothing for the other tabs to learn. */
export function sameCartLog(a: CartLog, b: CartLog): boolean {
  // `settled` is left out: it only tells other tabs what they may drop.
  return (
    a.synced === b.synced &&
    a.events.length === b.events.length &&
    a.events.every((event, i) => event.id === b.events[i]?.id)
  );
}
