import { Suspense, lazy, useSyncExternalStore, type CSSProperties, type FocusEvent } from 'react';
import { holdToast, loadSonner, sonnerWanted, subscribeSonnerWanted, TOAST_DURATION_MS, TOAST_ID_PREFIX } from './toasts';

// Spec §9: toasts close after 5000 ms, at the top right.
const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

// Sonner's rich colours, each text colour darkened a step (same hue) to reach 4.5:1 on its pale background.
const RICH_COLOURS = {
  '--success-text': 'hsl(140, 100%, 25.5%)',
  '--info-text': 'hsl(210, 92%, 43.5%)',
  '--error-text': 'hsl(360, 100%, 43.5%)',
} as CSSProperties;

/** The id of the toast an element belongs to (each toast carries its id as a class name). */
function toastIdOf(target: EventTarget | null): string | undefined {
  const toast = target instanceof Element ? target.closest('[data-sonner-toast]') : null;
  return toast ? [...toast.classList].find((name) => name.startsWith(TOAST_ID_PREFIX)) : undefined;
}

// Focus moving within one toast (to its close button) keeps it held; leaving it lets it close in its own time.
function onFocusIn(event: FocusEvent) {
  const id = toastIdOf(event.target);
  if (id !== undefined && toastIdOf(event.relatedTarget) !== id) holdToast(id, true);
}

function onFocusOut(event: FocusEvent) {
  const id = toastIdOf(event.target);
  if (id !== undefined && toastIdOf(event.relatedTarget) !== id) holdToast(id, false);
}

export function ToastHost() {
  // Mounted in the browser once the first toast is raised: the prerendered HTML has no toasts, and sonner is not
  // part of a visit that shows none.
  const wanted = useSyncExternalStore(subscribeSonnerWanted, sonnerWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <div onFocus={onFocusIn} onBlur={onFocusOut}>
        <Toaster position="top-right" duration={TOAST_DURATION_MS} richColors closeButton style={RICH_COLOURS} />
      </div>
    </Suspense>
  );
}
