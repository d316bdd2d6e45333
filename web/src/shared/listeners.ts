// The one way a module-level store tells React it changed: a set of listeners, for useSyncExternalStore.

export interface Listeners {
  /** useSyncExternalStore's subscribe: adds a listener and returns what removes it. */
  subscribe: (listener: () => void) => () => void;
  /** Tells every listener; one that unsubscribes itself (or another) meanwhile is safe. */
  emit: () => void;
}

export function createListeners(): Listeners {
  const listeners = new Set<() => void>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit() {
      for (const listener of [...listeners]) listener();
    },
  };
}
