import { Suspense, lazy, useSyncExternalStore } from 'react';
import { loadSonner } from './toasts';

// Spec §9: toasts close after 5000 ms, at the top right.
const Toaster = lazy(() => loadSonner().then(({ Toaster }) => ({ default: Toaster })));

const subscribeNever = () => () => undefined;

export function ToastHost() {
  // Mounted only in the browser after hydration: the prerendered HTML has no toasts, and sonner stays out of
  // the first paint's critical path.
  const inBrowser = useSyncExternalStore(subscribeNever, () => true, () => false);
  if (!inBrowser) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="top-right" duration={5000} richColors closeButton />
    </Suspense>
  );
}
