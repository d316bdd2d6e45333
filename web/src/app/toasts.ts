// Toasts load sonner on first use (and the host mounts it after the first paint), keeping it out of the entry
// chunk. Sonner replays toasts raised before its <Toaster> subscribed, so nothing is lost while it loads.
let sonner: Promise<typeof import('sonner')> | undefined;

export function loadSonner(): Promise<typeof import('sonner')> {
  sonner ??= import('sonner');
  return sonner;
}

export type ToastKind = 'success' | 'error' | 'info';

export function showToast(kind: ToastKind, message: string): void {
  void loadSonner().then(({ toast }) => toast[kind](message));
}
