import { Suspense, lazy, useSyncExternalStore, type CSSProperties, type FocusEvent } from 'react';
import {
  holdToast,
  loadSonner,
  sonnerWanted,
  subscribeSonnerWanted,
  TOAST_DURATION_MS,
  TOAST_ID_PREFIX,
} from './toasts';
import styles from './toast-host.module.css';

const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

// Sonner's rich colours, each text colour darkened a step (same hue) to reach 4.5:1 on its pale background;
// the site's text face instead of sonner's system stack.
const TOASTER_STYLE = {
  '--success-text': 'hsl(140, 100%, 25.5%)',
  '--info-text': 'hsl(210, 92%, 43.5%)',
  '--error-text': 'hsl(360, 100%, 43.5%)',
  fontFamily: 'var(--font-text)',
} as CSSProperties;

// Top right as the spec has it, but below the fixed nav, so a toast never hides the cart icon or the menu (on
// a phone, where sonner spans the width, it would otherwise cover the whole bar).
const BELOW_NAV = 'calc(var(--nav-height) + 0.75rem)';
const OFFSET = { top: BELOW_NAV, right: '1.5rem' };
const MOBILE_OFFSET = { top: BELOW_NAV, right: '0.75rem', left: '0.75rem' };
const TOAST_CLASSES = { toast: styles.toast, actionButton: styles.action };

/** The id of the toast an element belongs to (each toast carries its id as a class name). */
function toastIdOf(target: EventTarget | null): string | undefined {
  const toast = target instanceof Element ? target.closest('[data-sonner-toast]') : null;
  return toast ? [...toast.classList].find((name) => name.startsWith(TOAST_ID_PREFIX)) : undefined;
}

// Focus moving within a toast (to its close button) keeps it held; leaving lets it close in its own time.
function onFocusIn(event: FocusEvent) {
  const id = toastIdOf(event.target);
  if (id !== undefined && toastIdOf(event.relatedTarget) !== id) holdToast(id, true);
}

function onFocusOut(event: FocusEvent) {
  const id = toastIdOf(event.target);
  if (id !== undefined && toastIdOf(event.relatedTarget) !== id) holdToast(id, false);
}

export function ToastHost() {
  // Mounted in the browser once the first toast is raised: the prerendered HTML has no toasts, and sonner is
  // not part of a visit that shows none.
  const wanted = useSyncExternalStore(subscribeSonnerWanted, sonnerWanted, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <div onFocus={onFocusIn} onBlur={onFocusOut}>
        <Toaster
          position="top-right"
          offset={OFFSET}
          mobileOffset={MOBILE_OFFSET}
          duration={TOAST_DURATION_MS}
          richColors
          closeButton
          style={TOASTER_STYLE}
          toastOptions={{ classNames: TOAST_CLASSES }}
        />
      </div>
    </Suspense>
  );
}
