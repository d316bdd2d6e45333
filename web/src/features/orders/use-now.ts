import { useEffect, useState } from 'react';

/** A deadline passing while the page is open shows within a minute (the store judges it again anyway). */
const TICK_MS = 60_000;

/** The time (ms) the page judges return deadlines by: when it mounted, then once a minute. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
