/** A job waiting for an idle period; an object, so the same function queued twice is two entries. */
interface Entry {
  run: () => void;
}

const waiting: Entry[] = [];
let scheduled = false;

function whenIdle(run: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 50);
}

// One job per idle period: each runs, and is styled and laid out, in a frame of its own, not all in one long task.
function runNext(): void {
  const entry = waiting.shift();
  try {
    entry?.run();
  } finally {
    if (waiting.length > 0) whenIdle(runNext);
    else scheduled = false;
  }
}

/**
 * Runs `job` in a later idle period of the main thread (within a second), after every job queued before it, one job
 * per period. Returns a function that takes the job out of the queue if it has not run yet.
 */
export function inIdlePeriod(job: () => void): () => void {
  const entry: Entry = { run: job };
  waiting.push(entry);
  if (!scheduled) {
    scheduled = true;
    whenIdle(runNext);
  }
  return () => {
    const at = waiting.indexOf(entry);
    if (at >= 0) waiting.splice(at, 1);
  };
}
