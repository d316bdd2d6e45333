import type { MutationResolvers, QueryResolvers, User } from '../generated/resolvers-types.js';
import type { RestUser } from '../rest/bodies.js';
import * as storeApi from '../rest/store-api.js';
import { signedIn } from '../shopper.js';

// Credentials go to the API as typed: its rules (and rate limits, per shopper address) decide.

function toUser(user: RestUser): User {
  return { id: user._id, name: user.name, email: user.email };
}

export const authQueries: Required<Pick<QueryResolvers, 'me'>> = {
  async me(_parent, _args, context) {
    if (context.shopper.authorization === undefined) return null;
    return toUser(await storeApi.getProfile(context.upstream, context.shopper));
  },
};

export const authMutations: Required<Pick<MutationResolvers, 'register' | 'login' | 'syncUser'>> = {
  async register(_parent, { input }, context) {
    const { token, message } = await storeApi.register(context.upstream, context.shopper, { ...input });
    return { token, message };
  },

  async login(_parent, { input }, context) {
    const { token, message } = await storeApi.login(context.upstream, context.shopper, { ...input });
    return { token, message };
  },

  async syncUser(_parent, _args, context) {
    return toUser(await storeApi.getProfile(context.upstream, signedIn(context)));
  },
};
