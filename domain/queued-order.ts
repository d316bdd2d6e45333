// An order placed while the store could not be reached is kept on the shopper's device and sent later (issue 33).

/** How long a kept order waits for the connection: after that it is not sent, and the shopper is told. */
export const QUEUED_ORDER_LIFETIME_HOURS = 24;
export const QUEUED_ORDER_LIFETIME_MS = QUEUED_ORDER_LIFETIME_HOURS * 60 * 60 * 1000;

/** What the shopper is told as the order is kept: offline, or online with no answer from the store. */
export function orderQueuedMessage(online: boolean): string {
  return `${online ? 'The store could not be reached.' : "You're offline."} Your order will be sent when you're back online.`;
}

/**
 * The key of a kept order the shopper confirmed at a new total: the same in every tab that confirms that total,
 * so two tabs confirming make one order; a different total, a different key.
 */
export function confirmedOrderKey(firstKey: string, total: number): string {
  return `${firstKey}:${String(Math.round(total * 100))}`;
}

/** The Background Sync tag, and the message the service worker sends the open tabs when it fires. */
export const SEND_KEPT_ORDERS = 'send-kept-orders';
