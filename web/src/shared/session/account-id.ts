/**
 * Who a store token signs in, read (not verified: the server does that) from its claims: `sub` for ours, `id`
 * for the lineage's. Two tokens of the same shopper (a sign-in again, a renewed token) are the same account,
 * so the cart is not reset between them. A token that is not a JWT (another backend's) is its own identity.
 */
export function accountIdOf(token: string): string {
  const payload = token.split('.')[1];
  if (payload === undefined) return `token:${token}`;
  try {
    const bytes = Uint8Array.from(atob(payload.replace(/-/g, '+').replace(/_/g, '/')), (char) =>
      char.charCodeAt(0),
    );
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims === 'object' && claims !== null) {
      const { sub, id } = claims as { sub?: unknown; id?: unknown };
      if (typeof sub === 'string' && sub !== '') return `user:${sub}`;
      if (typeof id === 'string' && id !== '') return `user:${id}`;
    }
  } catch {
    // Not base64 JSON: an opaque token.
  }
  return `token:${token}`;
}
