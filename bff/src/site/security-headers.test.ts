import { describe, expect, it } from 'vitest';
import { clerkOrigins } from './security-headers.js';

describe("Clerk's origins in the Content-Security-Policy", () => {
  it('are none without a publishable key', () => {
    expect(clerkOrigins(undefined)).toEqual([]);
  });

  it("come from the key's encoded Frontend API host", () => {
    const key = `pk_test_${Buffer.from('happy-shoe-12.clerk.accounts.dev$').toString('base64')}`;
    expect(clerkOrigins(key)).toContain('https://happy-shoe-12.clerk.accounts.dev');
  });

  it('refuse a key whose host is not a host name', () => {
    const key = `pk_live_${Buffer.from("evil.com; script-src *$").toString('base64')}`;
    expect(clerkOrigins(key)).toEqual([]);
  });
});
