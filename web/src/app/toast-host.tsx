import { Suspense, lazy, useSyncExternalStore, type CSSProperties } from 'react';
import { loadSonner } from './toasts';

// Spec §9: toasts close after 5000 ms, at the top right.
const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

const subscribeNever = () => () => undefined;

// Sonner's rich colours, each text colour darkened a step (same hue) to reach 4.5:1 on its pale background.
const RICH_COLOURS = {
  '--success-text': 'hsl(140, 100%, 25.5%)',
  '--info-text': 'hsl(210, 92%, 43.5%)',
  '--error-text': 'hsl(360, 100%, 43.5%)',
} as CSSProperties;

export function ToastHost() {
  // Mounted only in the browser after hydration: the prerendered HTML has no toasts, and sonner stays out of
  // the first paint's critical path.
  const inBrowser = useSyncExternalStore(subscribeNever, () => true, () => false);
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={5000} richColors closeButton style={RICH_COLOURS} />
    </Suspense>
  );
}
