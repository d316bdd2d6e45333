import { isUnauthenticated } from './graphql-error';
import { clearSessionToken, getSessionToken } from '../shared/session/session-store';

/**
 * The BFF refused the stored token (expired, revoked, account gone): it is cleared and the app behaves as
 * signed out. A hosted session mints a fresh token per call, so it is left alone.
 */
export function endStaleSession(error: unknown): void {
  if (isUnauthenticated(error) && getSessionToken() !== null) clearSessionToken();
}
