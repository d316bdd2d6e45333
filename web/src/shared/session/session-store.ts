import * as z from 'zod/mini';
import { onFirstUse } from '#domain/on-first-use';
import { createListeners } from '../listeners';
import { useStoreOnceHydrated } from '../use-hydrated';

// The shopper's token from the email/password login; the sign-in screens own how it is obtained.
export const SESSION_STORAGE_KEY = 'kadam.session.token';

const tokenSchema = onFirstUse(() => z.string().check(z.minLength(1), z.maxLength(4096)));

const sessionListeners = createListeners();
const emit = sessionListeners.emit;
export const subscribeToSession = sessionListeners.subscribe;
const none = () => null;
const no = () => false;

function readStoredToken(): string | null {
  try {
    const parsed = tokenSchema().safeParse(window.localStorage.getItem(SESSION_STORAGE_KEY));
    return parsed.success ? parsed.data : null;
  } catch {
    // Storage can be unavailable (privacy modes); the shopper is then simply signed out.
    return null;
  }
}

// Undefined until the first ask (the first render that needs it): not read while the app's code is evaluated.
let currentToken: string | null | undefined;

export function getSessionToken(): string | null {
  if (currentToken === undefined) currentToken = typeof window === 'undefined' ? null : readStoredToken();
  return currentToken;
}

export function setSessionToken(token: string): void {
  const parsed = tokenSchema().parse(token);
  currentToken = parsed;
  try {
    window.localStorage.setItem(SESSION_STORAGE_KEY, parsed);
  } catch {
    // Keep the in-memory session even when it cannot be persisted.
  }
  emit();
}

export function clearSessionToken(): void {
  currentToken = null;
  try {
    window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to remove.
  }
  emit();
}

// Another tab signing in or out changes this tab's session too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    currentToken = readStoredToken();
    emit();
  });
}

export function useSessionToken(): string | null {
  return useStoreOnceHydrated(subscribeToSession, getSessionToken, none);
}

// The hosted sign-in provider, when configured, keeps its own session and mints short-lived tokens; it plugs
// in here so every call to the BFF carries its bearer token without the callers knowing which sign-in it was.
export interface HostedSession {
  signedIn: boolean;
  /** The provider's id of who is signed in: what the cart and the orders kept on the device belong to. */
  userId?: string | null;
  getToken: () => Promise<string | null>;
  /**
   * Opens the provider's modal sign-in, which brings the shopper back to `returnTo`; absent when the provider
   * could not load (the store's email form is then the only way in).
   */
  openSignIn?: (returnTo: string) => void;
}

let hostedSession: HostedSession | null = null;

export function setHostedSession(session: HostedSession | null): void {
  hostedSession = session;
  emit();
}

/** The bearer token for the next call: the hosted provider's when signed in there, else the stored one. */
export async function getAuthToken(): Promise<string | null> {
  if (hostedSession?.signedIn) {
    const token = await hostedSession.getToken().catch(() => null);
    if (token) return token;
  }
  return getSessionToken();
}

function isSignedIn(): boolean {
  return getSessionToken() !== null || hostedSession?.signedIn === true;
}

/** True while either sign-in holds a session (the cart syncs and the orders load only then). */
export function useSignedIn(): boolean {
  return useStoreOnceHydrated(subscribeToSession, isSignedIn, no);
}

/** Who is signed in through the hosted provider, as an account ('hosted:<its user id>'); null when nobody is. */
function hostedAccount(): string | null {
  return hostedSession?.signedIn ? `hosted:${hostedSession.userId ?? ''}` : null;
}

export function useHostedAccount(): string | null {
  return useStoreOnceHydrated(subscribeToSession, hostedAccount, none);
}

/** True once the hosted provider has reported its session, signed in or not. */
function hostedSessionKnown(): boolean {
  return hostedSession !== null;
}

/** See hostedSessionKnown; the prerendered HTML and hydration render as if it were not known yet. */
export function useHostedSessionKnown(): boolean {
  return useStoreOnceHydrated(subscribeToSession, hostedSessionKnown, no);
}

export type OpenHostedSignIn = (returnTo: string) => void;

function hostedSignIn(): OpenHostedSignIn | null {
  return hostedSession?.openSignIn ?? null;
}

/**
 * The hosted provider's modal sign-in, once it has loaded; null before that, when it failed, or without it.
 * The pages that need a session offer it beside the email form, and otherwise send the shopper to the form.
 */
export function useHostedSignIn(): OpenHostedSignIn | null {
  return useStoreOnceHydrated(subscribeToSession, hostedSignIn, none);
}
