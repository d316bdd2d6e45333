const INPUTS = ['pointerdown', 'keydown', 'touchstart'] as const;

let inputSeen = false;
const waiting = new Set<() => void>();

function firstInput(): void {
  inputSeen = true;
  for (const type of INPUTS) removeEventListener(type, firstInput, { capture: true });
  const runs = [...waiting];
  waiting.clear();
  for (const run of runs) run();
}

// Listening from the moment the app's code runs, so a page the shopper reached by a tap knows there was one.
if (typeof window !== 'undefined') {
  for (const type of INPUTS) addEventListener(type, firstInput, { capture: true, passive: true });
}

/**
 * Runs `run` once, at the shopper's first tap or key press anywhere (at once if there has been one): the
 * moment to fetch the code a first visit leaves out (the GraphQL client, the toasts, the hero's animation),
 * so that what the tap leads to is on its way. Returns a function that cancels it.
 */
export function onFirstInput(run: () => void): () => void {
  if (inputSeen) {
    run();
    return () => undefined;
  }
  // Its own entry, so that cancelling one caller never cancels another that passed the same function.
  const entry = () => run();
  waiting.add(entry);
  return () => {
    waiting.delete(entry);
  };
}
