import { signInRequired, StoreError } from '../errors.js';
import type { CartData, RestOrder, RestUser } from './answer-shapes.js';
import * as storeApi from './store-api.js';
import type { Shopper, Upstream } from './upstream.js';

// The store's REST calls bound to one request's shopper (the GraphQL context's `store`).

/** The calls that need the shopper's token; `ShopperApi.signedIn()` hands them out only with one. */
export interface SignedInApi {
  /**
   * The key of the shopper's checkout attempts, asked afresh: `user:<id>` from the profile call, else (the
   * seed's backend has none) `token:<the header>` once the cart call accepted it.
   */
  verifiedShopper(): Promise<string>;
  profile(): Promise<RestUser>;
  cart(): Promise<CartData>;
  /** The cart after the write when the backend answers it (ours does, the seed's does not). */
  addToCart(line: { itemId: string; size: string }): Promise<CartData | undefined>;
  updateCart(line: { itemId: string; size: string; quantity: number }): Promise<CartData | undefined>;
  placeOrder(request: storeApi.OrderRequest): Promise<storeApi.PlacedOrder>;
  orders(): Promise<RestOrder[]>;
  /** Our API's extras: a backend of the seed kind answers 404, read in orders/order-life.ts. */
  cancelOrder(orderId: string): Promise<storeApi.OrderLifeAnswer>;
  requestReturn(ask: storeApi.ReturnAsk): Promise<storeApi.OrderLifeAnswer>;
}

export interface ShopperApi {
  /** The request carries a token (the API still judges it). */
  readonly hasToken: boolean;
  register(input: { name: string; email: string; password: string }): Promise<storeApi.AuthAnswer>;
  login(input: { email: string; password: string }): Promise<storeApi.AuthAnswer>;
  /** Throws UNAUTHENTICATED without a token: the API could only refuse. */
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
