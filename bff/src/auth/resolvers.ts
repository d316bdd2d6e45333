import { StoreError } from '../errors.js';
import type { MutationResolvers, QueryResolvers, User } from '../generated/resolvers-types.js';
import type { RestUser } from '../rest/section7.js';
import * as storeApi from '../rest/store-api.js';
import type { Shopper, Upstream } from '../rest/upstream.js';
import { signedIn } from '../shopper.js';

// Credentials go to the API as typed: its rules (and rate limits, per shopper address) decide.

function toUser(user: RestUser): User {
  return { id: user._id, name: user.name, email: user.email };
}

/** The shopper's profile; null from a backend without the profile call (the seed's original has none). */
async function profileOf(upstream: Upstream, shopper: Shopper): Promise<User | null> {
  try {
    return toUser(await storeApi.getProfile(upstream, shopper));
  } catch (error) {
    if (error instanceof StoreError && error.extensions.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export const authQueries: Required<Pick<QueryResolvers, 'me'>> = {
  me(_parent, _args, context) {
    if (context.shopper.authorization === undefined) return null;
    return profileOf(context.upstream, context.shopper);
  },
};

export const authMutations: Required<Pick<MutationResolvers, 'register' | 'login' | 'syncUser'>> = {
  register(_parent, { input }, context) {
    return storeApi.register(context.upstream, context.shopper, { ...input });
  },

  login(_parent, { input }, context) {
    return storeApi.login(context.upstream, context.shopper, { ...input });
  },

  syncUser(_parent, _args, context) {
    return profileOf(context.upstream, signedIn(context));
  },
};
