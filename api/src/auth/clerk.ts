export interface ClerkOptions {
  jwtKey: string | undefined;
  secretKey: string | undefined;
  issuer: string;
  authorizedParties: string[];
}

export interface ClerkIdentity {
  clerkId: string;
  name: string | undefined;
}

/** Verifies a Clerk session token; undefined when it is not a valid token of the configured instance. */
export async function verifyClerkToken(
  token: string,
  options: ClerkOptions,
): Promise<ClerkIdentity | undefined> {
  try {
    // Loaded at the first Clerk token: a store without Clerk never loads it (nor the fetch it binds at import).
    const { verifyToken } = await import('@clerk/backend');
    const payload = await verifyToken(token, {
      ...(options.jwtKey ? { jwtKey: options.jwtKey } : { secretKey: options.secretKey }),
      ...(options.authorizedParties.length > 0 ? { authorizedParties: options.authorizedParties } : {}),
    });
    // verifyToken checks signature, expiry and azp; the issuer we check ourselves so another instance's token fails.
    if (payload.iss !== options.issuer || typeof payload.sub !== 'string' || payload.sub === '')
      return undefined;
    const claim = (key: string) => {
      const value: unknown = payload[key];
      return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
    };
    return { clerkId: payload.sub, name: claim('name') };
  } catch {
    return undefined;
  }
}
