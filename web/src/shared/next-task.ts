/** Resolves in a task of its own: a phone's main thread gets a turn before what follows. */
export const inNextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
