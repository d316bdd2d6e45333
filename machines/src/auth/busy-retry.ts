// A "busy" answer to sign-in or sign-up (STORE_BUSY) is retried after the store's Retry-After or a backoff, the longer,
// plus jitter so a crowd does not come back at once. The total wait is bounded; past it the shopper is told.

/** First backoff; it doubles with each retry up to the cap. */
export const BUSY_BACKOFF_BASE_MS = 500;
export const BUSY_BACKOFF_CAP_MS = 2_000;
/** The most the shopper is kept waiting across retries (counting each wait at its longest) before being told. */
export const BUSY_WAIT_BUDGET_MS = 30_000;

/** The shortest wait before retry `retry` (0 for the first): the store's Retry-After or the backoff, the longer. */
export function busyRetryFloorMs(retry: number, retryAfterSeconds: number | undefined): number {
  const backoff = Math.min(BUSY_BACKOFF_BASE_MS * 2 ** retry, BUSY_BACKOFF_CAP_MS);
  return Math.max(backoff, (retryAfterSeconds ?? 0) * 1000);
}

/** The longest that wait can be: the floor plus at most as much again of jitter. */
export const busyRetryCeilingMs = (floorMs: number): number => 2 * floorMs;

/** The wait itself, for `random` in [0, 1): between the floor and the ceiling. */
export const busyRetryDelayMs = (floorMs: number, random: number): number =>
  Math.round(floorMs * (1 + random));
