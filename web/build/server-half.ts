import path from 'node:path';

// Where a build's server half lives, for everyone who needs to find it without loading Vite: the build itself
// (prerender.ts) and `npm start` (scripts/web-build.ts). The BFF follows the same rule on its side
// (bff/src/site/page-renderer.ts), which imports nothing from the web app.

/** The server half of a build in `outDir`: `<outDir>-server/`. */
export function serverDirOf(outDir: string): string {
  return `${path.resolve(outDir)}-server`;
}

/**
 * Written last in the server half: the entry's file name, the page template and the route table (read by the
 * BFF, bff/src/site/server-manifest.ts). The entry's name changes with every build, so a process imports a
 * new build afresh and its lazy pages share the entry's module instances.
 */
export function serverManifestOf(outDir: string): string {
  return path.join(serverDirOf(outDir), 'server.json');
}
