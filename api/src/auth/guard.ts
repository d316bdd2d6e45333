import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

// The one way a route requires a caller: the route takes the guard's `hooks`, its handler asks the guard who was let in.
// The check runs in `onRequest`, so a request without a valid token is refused before its body is read, and every
// answer is `Cache-Control: no-store`: it is one caller's, and no shared cache may keep it.

/** The caller's token: `Authorization: Bearer <token>` (spec section 7), else the seed clients' `token` header. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const bearer = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1] : undefined;
  if (bearer !== undefined) return bearer;
  const legacy = request.headers.token;
  return typeof legacy === 'string' && legacy !== '' ? legacy : undefined;
}

/** Refusals included: the answer is one caller's (or holds a token). */
export function noStore(_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  void reply.header('cache-control', 'no-store');
  done();
}

type OnRequest = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export interface Guard<Identity> {
  /** Route options: spread them into the route's (`{ ...guard.hooks, bodyLimit }`). */
  readonly hooks: { onRequest: [typeof noStore, OnRequest] };
  /** Who the guard let in; only inside a route that has its hooks. */
  of(request: FastifyRequest): Identity;
}

/** A guard around `verify`, which answers the identity behind a token (or its absence) or throws the refusal. */
export function createGuard<Identity extends object>(
  verify: (token: string | undefined) => Promise<Identity>,
): Guard<Identity> {
  const admitted = new WeakMap<FastifyRequest, Identity>();
  const admit: OnRequest = async (request) => {
    admitted.set(request, await verify(tokenOf(request)));
  };
  return {
    hooks: { onRequest: [noStore, admit] },
    of(request) {
      const identity = admitted.get(request);
      if (identity === undefined)
        throw new Error(`${request.routeOptions.url ?? request.url} is not guarded`);
      return identity;
    },
  };
}
