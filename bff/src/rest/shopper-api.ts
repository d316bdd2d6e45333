import { signInRequired, StoreError } from '../errors.js';
import type { CartData, RestOrder, RestUser } from './answer-shapes.js';
import * as storeApi from './store-api.js';
import type { Shopper, Upstream } from './upstream.js';

// The store's REST calls for one request's shopper, bound once per request (the GraphQL context's `store`): the
// resolvers ask for the cart or the orders without passing the upstream and the shopper's token on every call.

/** The calls that need the shopper's token; `ShopperApi.signedIn()` hands them out only with one. */
export interface SignedInApi {
  /**
   * Who the backend says the token belongs to, asked afresh (an expired or revoked token is refused, UNAUTHENTICATED):
   * `user:<id>` from the profile call (ours has one), else `token:<the header>` once the cart call accepted it (the
   * seed's backend has no profile call). It keys the shopper's checkout attempts.
   */
  verifiedShopper(): Promise<string>;
  profile(): Promise<RestUser>;
  cart(): Promise<CartData>;
  /** Adds one; the cart after the write when the backend answers it (ours does, the seed's does not). */
  addToCart(line: { itemId: string; size: string }): Promise<CartData | undefined>;
  /** Sets the quantity; the cart after the write when the backend answers it. */
  updateCart(line: { itemId: string; size: string; quantity: number }): Promise<CartData | undefined>;
  placeOrder(request: storeApi.OrderRequest): Promise<storeApi.PlacedOrder>;
  orders(): Promise<RestOrder[]>;
  /** Our API's extras (issue 29): a backend of the seed kind answers 404, read in orders/order-life.ts. */
  cancelOrder(orderId: string): Promise<storeApi.OrderLifeAnswer>;
  requestReturn(ask: storeApi.ReturnAsk): Promise<storeApi.OrderLifeAnswer>;
}

export interface ShopperApi {
  /** True when the request carries a token (the API still judges it). */
  readonly hasToken: boolean;
  register(input: { name: string; email: string; password: string }): Promise<storeApi.AuthAnswer>;
  login(input: { email: string; password: string }): Promise<storeApi.AuthAnswer>;
  /** The calls of a signed-in shopper; without a token the API could only refuse, so it is not asked (UNAUTHENTICATED). */
  signedIn(): SignedInApi;
}

async function verifiedShopper(
  upstream: Upstream,
  shopper: Shopper & { authorization: string },
): Promise<string> {
  try {
    return `user:${(await storeApi.getProfile(upstream, shopper))._id}`;
  } catch (error) {
    if (!(error instanceof StoreError && error.extensions.code === 'NOT_FOUND')) throw error;
  }
  // Every authenticated call checks the token; the cart's is the cheapest the spec's backends all have.
  await storeApi.getCart(upstream, shopper);
  return `token:${shopper.authorization}`;
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
        verifiedShopper: () => verifiedShopper(upstream, { ...shopper, authorization }),
        profile: () => storeApi.getProfile(upstream, shopper),
        cart: () => storeApi.getCart(upstream, shopper),
        addToCart: (line) => storeApi.addToCart(upstream, shopper, line),
        updateCart: (line) => storeApi.updateCart(upstream, shopper, line),
        placeOrder: (request) => storeApi.placeOrder(upstream, shopper, request),
        orders: () => storeApi.listOrders(upstream, shopper),
        cancelOrder: (orderId) => storeApi.cancelOrder(upstream, shopper, orderId),
        requestReturn: (ask) => storeApi.requestReturn(upstream, shopper, ask),
      };
    },
  };
}
