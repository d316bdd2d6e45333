import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { accountIdOf } from './account-id';

// Tokens as our API (`sub`) and the lineage's backend (`id`) sign them: HS256 JWTs, base64url parts.
const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
function jwt(claims: object): string {
  const unsigned = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${unsigned}.${createHmac('sha256', 'a test secret').update(unsigned).digest('base64url')}`;
}
const ours = (userId: string, issuedAt: number) => jwt({ sub: userId, iat: issuedAt });
const lineage = (id: string, issuedAt: number) => jwt({ id, iat: issuedAt });

describe('accountIdOf', () => {
  it('is the same account for two tokens of one shopper, ours or the lineage’s', () => {
    const [first, again] = [ours('u-1', 1_700_000_000), ours('u-1', 1_700_000_600)];
    expect(first).not.toBe(again);
    expect(accountIdOf(first)).toBe(accountIdOf(again));
    expect(accountIdOf(lineage('65f0', 1))).toBe(accountIdOf(lineage('65f0', 2)));
  });

  it('reads payloads whose base64url holds - and _', () => {
    const id = 'ÿ>?~ÿ>?~';
    const token = ours(id, 1);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(accountIdOf(token)).toBe(`user:${id}`);
  });

  it('tells two shoppers apart', () => {
    expect(accountIdOf(ours('u-1', 1))).not.toBe(accountIdOf(ours('u-2', 1)));
  });

  it('keeps an opaque or malformed token as its own identity, never as a user id', () => {
    expect(accountIdOf('opaque-token')).toBe('token:opaque-token');
    expect(accountIdOf('a.!!!.c')).toBe('token:a.!!!.c');
    const claimsWithoutId = `x.${btoa(JSON.stringify({ role: 'shopper' }))}.y`;
    expect(accountIdOf(claimsWithoutId)).toBe(`token:${claimsWithoutId}`);
  });
});
