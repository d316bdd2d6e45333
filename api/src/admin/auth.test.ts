import { decodeJwt } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAdminAuth } from './auth.js';

const settings = {
  email: 'owner@example.com',
  password: 'a long admin password',
  passwordHash: undefined,
  tokenTtlSeconds: 8 * 3600,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('an admin token', () => {
  it('lives exactly ADMIN_TOKEN_TTL, even when a second turns while it is being made', async () => {
    const auth = createAdminAuth(new TextEncoder().encode('a store secret of enough length'), settings);
    // Each `new Date()` (how jose reads the clock when not given a time) is a millisecond later, starting just
    // before a second turns: two readings land in two different seconds.
    const RealDate = Date;
    let clock = Math.ceil(RealDate.now() / 1000) * 1000 - 1;
    vi.stubGlobal(
      'Date',
      class extends RealDate {
        constructor(...args: [] | [number]) {
          if (args.length === 0) {
            super(clock);
            clock += 1;
          } else super(args[0]);
        }
        static override now(): number {
          const now = clock;
          clock += 1;
          return now;
        }
      },
    );
    const token = await auth.login(settings.email, settings.password);
    vi.unstubAllGlobals();
    const claims = decodeJwt(token!);
    expect(claims.exp! - claims.iat!).toBe(settings.tokenTtlSeconds);
  });
});
