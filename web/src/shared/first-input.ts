const INPUTS = ['pointerdown', 'keydown', 'touchstart'] as const;

/**
 * Runs `run` once, at the shopper's first tap or key press anywhere: the moment to fetch the code a first visit
 * leaves out (the GraphQL client, the toasts), so that what the tap leads to is already on its way.
 */
export function onFirstInput(run: () => void): void {
  const once = () => {
    for (const type of INPUTS) removeEventListener(type, once, { capture: true });
    run();
  };
  for (const type of INPUTS) addEventListener(type, once, { capture: true, passive: true });
}
