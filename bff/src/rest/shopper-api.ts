import { signInRequired } from '../errors.js';
import type { CartData, RestOrder, RestUser } from './section7.js';
import * as storeApi from './store-api.js';
import type { Shopper, Upstream } from './upstream.js';

// The store's REST calls for one request's shopper, bound once per request (the GraphQL context's `store`): the
// resolvers ask for the cart or the orders without passing the upstream and the shopper's token on every call.

/** The calls that need the shopper's token; `ShopperApi.signedIn()` hands them out only with one. */
export interface SignedInApi {
  /** The shopper's Authorization header, which also keys their checkout attempts. */
  readonly authorization: string;
  profile(): Promise<RestUser>;
  cart(): Promise<CartData>;
  /** Adds one; the cart after the write when the backend answers it (ours does, the seed's does not). */
  addToCart(line: { itemId: string; size: string }): Promise<CartData | undefined>;
  /** Sets the quantity; the cart after the write when the backend answers it. */
  updateCart(line: { itemId: string; size: string; quantity: number }): Promise<CartData | undefined>;
  placeOrder(request: storeApi.OrderRequest): Promise<storeApi.PlacedOrder>;
  orders(): Promise<RestOrder[]>;
}

export interface ShopperApi {
  /** True when the request carries a token (the API still judges it). */
  readonly hasToken: boolean;
  register(input: { name: string; email: string; password: string }): Promise<storeApi.AuthAnswer>;
  login(input: { email: string; password: string }): Promise<storeApi.AuthAnswer>;
  /** The calls of a signed-in shopper; without a token the API could only refuse, so it is not asked (UNAUTHENTICATED). */
  signedIn(): SignedInApi;
}

export function shopperApi(upstream: Upstream, shopper: Shopper): ShopperApi {
  return {
    hasToken: shopper.authorization !== undefined,
    register: (input) => storeApi.register(upstream, shopper, input),
    login: (input) => storeApi.login(upstream, shopper, input),
    signedIn() {
      const { authorization } = shopper;
      if (authorization === undefined) throw signInRequired();
      return {
        authorization,
        profile: () => storeApi.getProfile(upstream, shopper),
        cart: () => storeApi.getCart(upstream, shopper),
        addToCart: (line) => storeApi.addToCart(upstream, shopper, line),
        updateCart: (line) => storeApi.updateCart(upstream, shopper, line),
        placeOrder: (request) => storeApi.placeOrder(upstream, shopper, request),
        orders: () => storeApi.listOrders(upstream, shopper),
      };
    },
  };
}
