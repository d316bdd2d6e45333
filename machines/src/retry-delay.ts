// How long a client waits before trying a store again after failures in a row: the cart's outbox and the kept
// orders both follow it, so a connection just back is tried again within seconds, a long outage every half minute.
export const RETRY_BASE_MS = 1_000;
export const RETRY_CAP_MS = 30_000;

/** 1 s, 2 s, 4 s … after each failure in a row, never more than 30 s. */
export function retryDelayMs(retries: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, retries - 1), RETRY_CAP_MS);
}
