import type { InspectionEvent } from 'xstate';

// The Stately inspector: `?inspect` in development shows every machine at stately.ai/inspect. A production
// build drops the branch (`import.meta.env.DEV` is false), so nothing of the inspector ships.

export type Inspect = (event: InspectionEvent) => void;

function wantsInspector(): boolean {
  return typeof window !== 'undefined' && new URLSearchParams(window.location.search).has('inspect');
}

// Actors start before the inspector's module has loaded: their first events wait here and are replayed, so
// the inspector still sees each actor being created.
function deferredInspector(): Inspect {
  let deliver: Inspect | undefined;
  const waiting: InspectionEvent[] = [];
  void import('./stately-inspector').then(({ startInspector }) => {
    const inspector = startInspector();
    deliver = (event) => inspector.next?.(event);
    for (const event of waiting.splice(0)) deliver(event);
  });
  return (event) => {
    if (deliver) deliver(event);
    else waiting.push(event);
  };
}

/** The `inspect` option for createActor / useActorRef: undefined unless developing with `?inspect`. */
export const inspect: Inspect | undefined =
  import.meta.env.DEV && wantsInspector() ? deferredInspector() : undefined;
