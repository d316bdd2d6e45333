// A percent-encoded slash, backslash, dot, percent sign or control character in the path: a router that
// decodes it would see another path (`/%2F%2Fevil.example` is `//evil.example`, `/%09/x` a tab a parser
// strips).
const ENCODED_SEPARATOR = /%(?:2f|5c|2e|25|[01][0-9a-f]|7f)/i;

/**
 * Where to go after signing in: `next` if it is a plain path on this site, else '/'. Refused: another origin
 * (`//evil.example`, `/\evil.example`), `javascript:`, a path the parser would rewrite (`/.//evil.example`,
 * tabs) or a router would decode into another (ENCODED_SEPARATOR).
 */
export function safeNextPath(next: string | null | undefined, origin?: string): string {
  if (!next?.startsWith('/')) return '/';
  // Read only here: prerendering has no window, and no `next` either.
  const base = origin ?? window.location.origin;
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return '/';
  }
  // The parser keeps a plain path as written; whatever it rewrote was not one. (The query and fragment are
  // taken as it reads them: they cannot change where the shopper lands.)
  const written = /^[^?#]*/.exec(next)![0];
  if (url.origin !== base || url.pathname !== written || ENCODED_SEPARATOR.test(written)) return '/';
  // Back to /login would only bounce to '/' again.
  return url.pathname === '/login' ? '/' : `${url.pathname}${url.search}${url.hash}`;
}

/** The /login link that brings the shopper back to `path` once signed in. */
export function loginPathFor(path: string): string {
  return `/login?next=${encodeURIComponent(path)}`;
}

// The pages that ask a signed-out shopper to sign in (checkout, MY ORDERS).
const PAGES_NEEDING_SIGN_IN: ReadonlySet<string> = new Set(['/place-order', '/orders']);

/**
 * Where the hosted modal sign-in returns to when opened on `pathname`: back to checkout or MY ORDERS, which
 * the shopper opened to sign in for; elsewhere to /, as the spec's sign-in control does (section 2).
 */
export function hostedSignInReturnPath(pathname: string): string {
  return PAGES_NEEDING_SIGN_IN.has(pathname) ? pathname : '/';
}
