import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordWebBuild, webBuildIsStale } from './web-build.js';

// `npm start` rebuilds the web app only when it must; a build made with other VITE_* values is as stale as one
// older than its sources, since Vite bakes those values into the bundle.
describe('is the web build stale?', () => {
  let root: string;
  let dist: string;
  const clerkKey = `pk_test_${Buffer.from('store-test.clerk.accounts.dev$').toString('base64')}`;

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'web-build-'));
    mkdirSync(path.join(root, 'web/src'), { recursive: true });
    writeFileSync(path.join(root, 'web/src/main.tsx'), '');
    dist = path.join(root, 'out');
    mkdirSync(dist);
    // The sources are older than the build below.
    const past = new Date(Date.now() - 60_000);
    utimesSync(path.join(root, 'web/src/main.tsx'), past, past);
    utimesSync(path.join(root, 'web/src'), past, past);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const build = (env: Record<string, string | undefined>) => {
    writeFileSync(path.join(dist, 'index.html'), '<html></html>');
    mkdirSync(`${dist}-server`, { recursive: true });
    writeFileSync(path.join(`${dist}-server`, 'server.json'), '{}');
    recordWebBuild(dist, env);
  };

  it('a missing build is stale', () => {
    expect(webBuildIsStale(root, dist, {})).toBe(true);
  });

  it('a build without its server half (an older build) is stale', () => {
    build({});
    rmSync(`${dist}-server`, { recursive: true });
    expect(webBuildIsStale(root, dist, {})).toBe(true);
  });

  it('a build newer than its sources, made with the same VITE_* values, is fresh', () => {
    build({ VITE_STORE_NAME: 'Kadam', PATH: '/bin' });
    expect(webBuildIsStale(root, dist, { VITE_STORE_NAME: 'Kadam', PATH: '/usr/bin' })).toBe(false);
  });

  it('a source changed after the build makes it stale', () => {
    build({});
    writeFileSync(path.join(root, 'web/src/main.tsx'), 'changed');
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(root, 'web/src/main.tsx'), later, later);
    expect(webBuildIsStale(root, dist, {})).toBe(true);
  });

  it('a Clerk key set after the first build makes it stale, and so does one removed', () => {
    build({});
    expect(webBuildIsStale(root, dist, { VITE_CLERK_PUBLISHABLE_KEY: clerkKey })).toBe(true);
    build({ VITE_CLERK_PUBLISHABLE_KEY: clerkKey });
    expect(webBuildIsStale(root, dist, { VITE_CLERK_PUBLISHABLE_KEY: clerkKey })).toBe(false);
    expect(webBuildIsStale(root, dist, {})).toBe(true);
  });

  it('any other VITE_* value changed makes it stale; an empty one counts as unset', () => {
    build({ VITE_STORE_NAME: 'Kadam', VITE_CONTACT_PHONE: '' });
    expect(webBuildIsStale(root, dist, { VITE_STORE_NAME: 'Kadam' })).toBe(false);
    expect(webBuildIsStale(root, dist, { VITE_STORE_NAME: 'Chappal' })).toBe(true);
  });

  it('a build with no record of its VITE_* values (made by hand) is rebuilt once', () => {
    writeFileSync(path.join(dist, 'index.html'), '<html></html>');
    expect(webBuildIsStale(root, dist, {})).toBe(true);
  });
});
