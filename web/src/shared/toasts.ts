import { createListeners } from './listeners';

// Toasts load sonner on first use, and the host mounts its <Toaster> only then: a visit that never shows a
// toast never downloads it. Sonner replays toasts raised before its <Toaster> subscribed.
let sonner: Promise<typeof import('sonner')> | undefined;
const wantedListeners = createListeners();

export function loadSonner(): Promise<typeof import('sonner')> {
  if (sonner === undefined) {
    sonner = import('sonner');
    wantedListeners.emit();
  }
  return sonner;
}

/** For the host: whether a toast has been asked for yet (useSyncExternalStore). */
export function sonnerWanted(): boolean {
  return sonner !== undefined;
}

export const subscribeSonnerWanted = wantedListeners.subscribe;

export type ToastKind = 'success' | 'error' | 'info';

/** Spec §9: toasts close after 5000 ms. */
export const TOAST_DURATION_MS = 5000;

/** The toasts on screen by id (also each one's class name, so the host can tell which one has focus). */
const onScreen = new Map<string, { kind: ToastKind; message: string }>();
let shown = 0;
export const TOAST_ID_PREFIX = 'store-toast-';

/** A button in the toast (sonner's action): pressing it runs `onClick` and closes the toast. */
export interface ToastAction {
  label: string;
  onClick: () => void;
}

export function showToast(kind: ToastKind, message: string, action?: ToastAction): void {
  shown += 1;
  const id = `${TOAST_ID_PREFIX}${String(shown)}`;
  onScreen.set(id, { kind, message });
  const gone = () => onScreen.delete(id);
  void loadSonner().then(({ toast }) =>
    toast[kind](message, {
      id,
      className: id,
      onDismiss: gone,
      onAutoClose: gone,
      ...(action ? { action: { label: action.label, onClick: () => action.onClick() } } : {}),
    }),
  );
}

/**
 * Keeps a toast open while the keyboard is on it, and gives it its full time again when focus leaves (a timed
 * message must not vanish while it is being read: WCAG 2.2.1). Sonner pauses on hover only; an update of the
 * same toast with another duration restarts its timer (and keeps its action: sonner merges the update).
 */
export function holdToast(id: string, held: boolean): void {
  const toastOnScreen = onScreen.get(id);
  if (toastOnScreen === undefined) return;
  void loadSonner().then(({ toast }) =>
    toast[toastOnScreen.kind](toastOnScreen.message, {
      id,
      duration: held ? Number.POSITIVE_INFINITY : TOAST_DURATION_MS,
    }),
  );
}
