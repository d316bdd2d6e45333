/** The store's page for a page that is neither on this device nor fetchable (web/build/service-worker.ts writes it). */
export const OFFLINE_PAGE = '/offline.html';
