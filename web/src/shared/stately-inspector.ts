import { createBrowserInspector } from '@statelyai/inspect';
import type { InspectionEvent, Observer } from 'xstate';

// Loaded only by inspect.ts, in development with `?inspect`: opens the Stately inspector in a new window.
export function startInspector(): Observer<InspectionEvent> {
  return createBrowserInspector().inspect;
}
