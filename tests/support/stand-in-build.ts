import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The server half of a stand-in web build, as web/build/prerender.ts writes the real one (which the browser suite
// uses): a server entry (`renderPageWithData`) and `server.json` naming it, with the page template and the routes.

/** The spec's pages as the real build's manifest lists them (web/src/shared/route-table.ts). */
export const STORE_ROUTES = [
  { path: '/', private: false },
  { path: '/collection', private: false },
  { path: '/product/:productId', private: false },
  { path: '/cart', private: true },
  { path: '/login', private: true },
  { path: '/place-order', private: true },
  { path: '/orders', private: true },
] as const;

/** A server entry that renders nothing: every page is served as its shell. */
export const NO_RENDER = 'export async function renderPageWithData() { return undefined; }\n';

export interface ServerHalf {
  /** The entry's file name (`entry-server-*.js`) and its source. */
  entry: string;
  source: string;
  template: string;
  /** When the build was made: the BFF picks up a newer one. */
  builtAt?: Date;
}

/** Writes `<dist>-server/` with the entry and its manifest. */
export function writeServerHalf(dist: string, { entry, source, template, builtAt }: ServerHalf): void {
  const dir = `${dist}-server`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, entry), source);
  const manifest = path.join(dir, 'server.json');
  writeFileSync(manifest, JSON.stringify({ entry, template, routes: STORE_ROUTES }));
  if (builtAt !== undefined) utimesSync(manifest, builtAt, builtAt);
}
