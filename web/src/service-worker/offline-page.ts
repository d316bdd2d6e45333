/** The store's page for a page that is neither on this device nor fetchable (web/build/service-worker.ts writes it). */
export const OFFLINE_PAGE = '/offline.html';

/** The store's paper and ink (web/src/shared/global.css) for what the worker shows without the app's styles. */
export const OFFLINE_COLOURS = { background: '#f7f5f0', ink: '#1c1b19' } as const;
