import type { GraphQLContext } from './context.js';
import { signInRequired } from './errors.js';
import type { Shopper } from './rest/upstream.js';

/** The shopper, who must be signed in: without a token the API could only refuse, so it is not asked. */
export function signedIn(context: GraphQLContext): Shopper & { authorization: string } {
  const { authorization } = context.shopper;
  if (authorization === undefined) throw signInRequired();
  return { ...context.shopper, authorization };
}
