import { retryDelayMs } from '#machines/retry-delay';

export interface RetrySchedule {
  /** Tries now (when `now`), then again after 1 s, 2 s, 4 s … settling at every half minute. */
  wake: (now: boolean) => void;
  stop: () => void;
}

/**
 * Calls `attempt` on the shared retry delays for as long as `pending()` holds. A wake starts again from the
 * shortest wait: a connection that has just come back often fails its first try, and the next one should not
 * be half a minute later.
 */
export function retrySchedule(attempt: () => void, pending: () => boolean): RetrySchedule {
  let retries = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    clearTimeout(timer);
    retries += 1;
    timer = setTimeout(() => {
      timer = undefined;
      if (!pending()) return;
      attempt();
      later();
    }, retryDelayMs(retries));
  };
  return {
    wake(now) {
      retries = 0;
      if (now && pending()) attempt();
      later();
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
