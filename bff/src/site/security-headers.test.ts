import { describe, expect, it } from 'vitest';
import { clerkConnectOrigins, clerkOrigins } from './security-headers.js';

describe("Clerk's origins in the Content-Security-Policy", () => {
  it('are none without a publishable key', () => {
    expect(clerkOrigins(undefined)).toEqual([]);
  });

  it("come from the key's encoded Frontend API host", () => {
    const key = `pk_test_${Buffer.from('happy-shoe-12.clerk.accounts.dev$').toString('base64')}`;
    expect(clerkOrigins(key)).toContain('https://happy-shoe-12.clerk.accounts.dev');
  });

  it('refuse a key whose host is not a host name', () => {
    const key = `pk_live_${Buffer.from('evil.com; script-src *$').toString('base64')}`;
    expect(clerkOrigins(key)).toEqual([]);
  });
});

describe("Clerk's origins the page may connect to", () => {
  const host = Buffer.from('happy-shoe-12.clerk.accounts.dev$').toString('base64');

  it("include Clerk's telemetry for a development instance, whose clerk-js reports to it", () => {
    expect(clerkConnectOrigins(`pk_test_${host}`)).toEqual([
      ...clerkOrigins(`pk_test_${host}`),
      'https://clerk-telemetry.com',
    ]);
  });

  it('are the Frontend API and its CDN for a production instance, and none without a key', () => {
    expect(clerkConnectOrigins(`pk_live_${host}`)).toEqual(clerkOrigins(`pk_live_${host}`));
    expect(clerkConnectOrigins(undefined)).toEqual([]);
  });
});
