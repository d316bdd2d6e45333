// PostgreSQL may end a transaction that did nothing wrong (a deadlock, as between an order and an import, or a
// serialization failure); run again, it succeeds. Anything else is the caller's to see.
const TRANSIENT_CODES = new Set(['40P01', '40001']);

/** Tries in all, the first included: a conflict that outlasts them is a real fault, reported as one. */
export const CONFLICT_ATTEMPTS = 5;

export function isTransientConflict(error: unknown): boolean {
  return (
    typeof error === 'object' && error !== null && 'code' in error && TRANSIENT_CODES.has(String(error.code))
  );
}

/** Runs `attempt` again after a transient conflict, with a short jittered wait so the two sides do not meet again. */
export async function retryOnTransientConflict<T>(
  attempt: () => Promise<T>,
  attempts = CONFLICT_ATTEMPTS,
): Promise<T> {
  for (let tried = 1; ; tried += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (tried >= attempts || !isTransientConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * tried));
    }
  }
}
