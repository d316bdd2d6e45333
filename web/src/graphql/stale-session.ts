import { isUnauthenticated } from './graphql-error';
import { clearSessionToken, getSessionToken } from '../shared/session/session-store';

/**
 * The BFF refused the stored token (expired, revoked, or the account is gone): that session is over, so it is
 * cleared and the app behaves as signed out (the cart resets, /place-order and /orders ask to sign in again).
 * Retrying with the same token could never succeed. A hosted session mints a fresh token per call, so it is left alone.
 */
export function endStaleSession(error: unknown): void {
  if (isUnauthenticated(error) && getSessionToken() !== null) clearSessionToken();
}
