/**
 * Where to go after signing in: the `next` the shopper came with (e.g. /place-order), if it is a path on this
 * site. Anything else (another origin, `//evil.example`, a `javascript:` URL) falls back to '/', so a link to
 * /login can never send a shopper off the store.
 */
export function safeNextPath(next: string | null | undefined, origin?: string): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  // Read only here: prerendering has no window, and no `next` either.
  const base = origin ?? window.location.origin;
  try {
    const url = new URL(next, base);
    if (url.origin !== base) return '/';
    const path = `${url.pathname}${url.search}${url.hash}`;
    // Back to /login would only bounce to '/' again.
    return url.pathname === '/login' ? '/' : path;
  } catch {
    return '/';
  }
}

/** The /login link that brings the shopper back to `path` once signed in. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

// The pages that ask a signed-out shopper to sign in (checkout, MY ORDERS).
const PAGES_NEEDING_SIGN_IN: ReadonlySet<string> = new Set(['/place-order', '/orders']);

/**
 * Where the hosted modal sign-in returns to when opened on `pathname`: back to checkout or MY ORDERS, which the
 * shopper opened to sign in for; elsewhere to /, as the spec's sign-in control does (section 2).
 */
export function hostedSignInReturnPath(pathname: string): string {
  return PAGES_NEEDING_SIGN_IN.has(pathname) ? pathname : '/';
}
