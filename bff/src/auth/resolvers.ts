import { StoreError } from '../errors.js';
import type { MutationResolvers, QueryResolvers, User } from '../generated/resolvers-types.js';
import type { RestUser } from '../rest/answer-shapes.js';
import type { SignedInApi } from '../rest/shopper-api.js';

// Credentials go to the API as typed: its rules (and rate limits, per shopper address) decide.

function toUser(user: RestUser): User {
  return { id: user._id, name: user.name, email: user.email };
}

/** null from a backend without the profile call (the seed's has none). */
async function profileOf(store: SignedInApi): Promise<User | null> {
  try {
    return toUser(await store.profile());
  } catch (error) {
    if (error instanceof StoreError && error.extensions.code === 'NOT_FOUND') return null;
    throw error;
  }
}

export const authQueries: Required<Pick<QueryResolvers, 'me'>> = {
  me(_parent, _args, context) {
    if (!context.store.hasToken) return null;
    return profileOf(context.store.signedIn());
  },
};

export const authMutations: Required<Pick<MutationResolvers, 'register' | 'login' | 'syncUser'>> = {
  register(_parent, { input }, context) {
    return context.store.register({ ...input });
  },

  login(_parent, { input }, context) {
    return context.store.login({ ...input });
  },

  syncUser(_parent, _args, context) {
    return profileOf(context.store.signedIn());
  },
};
