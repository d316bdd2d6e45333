import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { serverManifestSchema, type ServerManifest } from '#domain/server-render';

// web/build/server-half.ts says the same for the build.

export function serverDirOf(webDist: string): string {
  return `${path.resolve(webDist)}-server`;
}

export function serverManifestFileOf(webDist: string): string {
  return path.join(serverDirOf(webDist), 'server.json');
}

/** Undefined when the build has no server half; throws on a manifest that is not one. */
export function readServerManifest(webDist: string): ServerManifest | undefined {
  const file = serverManifestFileOf(webDist);
  return existsSync(file) ? serverManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8'))) : undefined;
}
