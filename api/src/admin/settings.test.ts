import { describe, expect, it } from 'vitest';
import { loadApiConfig } from '../config.js';

// The back office's settings, parsed with the rest of the API's configuration at start.

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5a2V5';
const failure = (env: Record<string, string>) => {
  try {
    loadApiConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  return 'started';
};

describe('back-office settings', () => {
  it('has no administrator by default, 8-hour admin tokens and 5 MiB images', () => {
    const config = loadApiConfig({});
    expect(config).toMatchObject({ ADMIN_TOKEN_TTL: 8 * 3600, IMAGE_UPLOAD_MAX_BYTES: 5 * 1024 * 1024 });
    expect(config.ADMIN_EMAIL).toBeUndefined();
    expect(loadApiConfig({ ADMIN_EMAIL: '', ADMIN_PASSWORD: '' }).ADMIN_EMAIL).toBeUndefined();
  });

  it('takes the administrator with a password or a hash, the email in lower case', () => {
    expect(
      loadApiConfig({ ADMIN_EMAIL: 'Owner@Shop.Example', ADMIN_PASSWORD: 'twelve chars' }),
    ).toMatchObject({
      ADMIN_EMAIL: 'owner@shop.example',
      ADMIN_PASSWORD: 'twelve chars',
    });
    expect(
      loadApiConfig({ ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD_HASH: HASH }).ADMIN_PASSWORD_HASH,
    ).toBe(HASH);
  });

  it.each([
    [
      { ADMIN_EMAIL: 'owner@shop.example' },
      'ADMIN_PASSWORD: set exactly one of ADMIN_PASSWORD and ADMIN_PASSWORD_HASH',
    ],
    [
      { ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'twelve chars', ADMIN_PASSWORD_HASH: HASH },
      'set exactly one of',
    ],
    [{ ADMIN_PASSWORD: 'twelve chars' }, "ADMIN_EMAIL: is required with an administrator's password"],
    [
      { ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD: 'eleven char' },
      'ADMIN_PASSWORD: must be at least 12 characters',
    ],
    [
      { ADMIN_EMAIL: 'owner@shop.example', ADMIN_PASSWORD_HASH: 'twelve chars' },
      'ADMIN_PASSWORD_HASH: must be a password hash',
    ],
    [{ ADMIN_EMAIL: 'owner', ADMIN_PASSWORD: 'twelve chars' }, 'ADMIN_EMAIL: must be an email address'],
    [{ ADMIN_TOKEN_TTL: '30d' }, 'ADMIN_TOKEN_TTL: must be a duration from 1s to 24h'],
    [{ ADMIN_TOKEN_TTL: '25h' }, 'ADMIN_TOKEN_TTL: must be a duration from 1s to 24h'],
    [{ IMAGE_UPLOAD_MAX_BYTES: '100' }, 'IMAGE_UPLOAD_MAX_BYTES'],
  ])('refuses to start with %j', (env, message) => {
    expect(failure(env)).toContain(message);
  });

  it.each([
    ['90s', 90],
    ['30m', 1800],
    ['24h', 86_400],
  ])('reads ADMIN_TOKEN_TTL=%s as %i seconds', (ttl, seconds) => {
    expect(loadApiConfig({ ADMIN_TOKEN_TTL: ttl }).ADMIN_TOKEN_TTL).toBe(seconds);
  });
});
