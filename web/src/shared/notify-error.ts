import { showToast } from './toasts';

// The one place a failed call becomes visible: logged for developers, toasted for the shopper (spec §8).
export function notifyError(error: unknown, context?: string): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(context ? `[${context}]` : '[error]', error);
  showToast('error', message || 'Something went wrong. Please try again.');
}

// Failures the spec says are "logged only" (e.g. the orders load) go through here instead.
export function logError(error: unknown, context?: string): void {
  console.error(context ? `[${context}]` : '[error]', error);
}
