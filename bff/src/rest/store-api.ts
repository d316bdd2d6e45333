import {
  authAnswerSchema,
  cartAnswerSchema,
  cartWriteAnswerSchema,
  ordersAnswerSchema,
  placedOrderAnswerSchema,
  productListSchema,
  profileAnswerSchema,
  readProducts,
  type CartData,
  type RestOrder,
  type RestProduct,
  type RestUser,
} from './section7.js';
import type { Shopper, Upstream } from './upstream.js';

// One function per REST endpoint of spec section 7 (README "The REST API"); each answers the part the resolvers
// need, read by section7.ts, and fills in what a backend may leave out.

export type ProductListAnswer =
  | { notModified: true }
  | { notModified: false; products: RestProduct[]; etag?: string; /** Products left out as unreadable. */ skipped: number };

/** `GET /api/product/list`, conditional on the ETag of the copy the caller already holds. */
export async function listProducts(upstream: Upstream, etag?: string): Promise<ProductListAnswer> {
  const answer = await upstream.conditionalCall(
    { method: 'GET', path: '/api/product/list', headers: etag === undefined ? {} : { 'if-none-match': etag } },
    productListSchema,
  );
  if (!('data' in answer)) return { notModified: true };
  return { notModified: false, ...readProducts(answer.data.products), etag: answer.etag };
}

export interface AuthAnswer {
  token: string;
  message: string;
}

export async function register(upstream: Upstream, shopper: Shopper, input: { name: string; email: string; password: string }): Promise<AuthAnswer> {
  const { token, message } = (await upstream.call({ method: 'POST', path: '/api/user/register', shopper, body: input }, authAnswerSchema)).data;
  return { token, message: message ?? 'Account created' };
}

export async function login(upstream: Upstream, shopper: Shopper, input: { email: string; password: string }): Promise<AuthAnswer> {
  const { token, message } = (await upstream.call({ method: 'POST', path: '/api/user/login', shopper, body: input }, authAnswerSchema)).data;
  return { token, message: message ?? 'Signed in' };
}

export async function getProfile(upstream: Upstream, shopper: Shopper): Promise<RestUser> {
  return (await upstream.call({ method: 'GET', path: '/api/user/profile', shopper }, profileAnswerSchema)).data.user;
}

export async function getCart(upstream: Upstream, shopper: Shopper): Promise<CartData> {
  return (await upstream.call({ method: 'POST', path: '/api/cart/get', shopper }, cartAnswerSchema)).data.cartData;
}

/** Adds one; answers the cart after the write when the backend sends it (ours does, the seed's does not). */
export async function addToCart(upstream: Upstream, shopper: Shopper, line: { itemId: string; size: string }): Promise<CartData | undefined> {
  return (await upstream.call({ method: 'POST', path: '/api/cart/add', shopper, body: line }, cartWriteAnswerSchema)).data.cartData;
}

/** Sets the quantity; answers the cart after the write when the backend sends it. */
export async function updateCart(
  upstream: Upstream,
  shopper: Shopper,
  line: { itemId: string; size: string; quantity: number },
): Promise<CartData | undefined> {
  return (await upstream.call({ method: 'POST', path: '/api/cart/update', shopper, body: line }, cartWriteAnswerSchema)).data.cartData;
}

/** An ordered item as spec section 3 has it: a copy of the catalogue's product, with the size and quantity. */
export type OrderItemCopy = RestProduct & { size: string; quantity: number };

/** The spec's order request (address, items, amount) and the idempotency key our API honours. */
export interface OrderRequest {
  address: Record<string, string>;
  items: OrderItemCopy[];
  /** Cart amount plus the delivery fee. */
  amount: number;
  idempotencyKey: string;
}

export interface PlacedOrder {
  /** The order as stored, when the backend answers it (ours does; the seed's answers a message only). */
  order?: RestOrder;
  message: string;
  /** True when this attempt had already placed the order (our API answers 200 instead of 201 then). */
  replayed: boolean;
}

export async function placeOrder(upstream: Upstream, shopper: Shopper, request: OrderRequest): Promise<PlacedOrder> {
  const { idempotencyKey, ...body } = request;
  const answer = await upstream.call(
    { method: 'POST', path: '/api/order/place', shopper, body, headers: { 'idempotency-key': idempotencyKey } },
    placedOrderAnswerSchema,
  );
  const { order, message } = answer.data;
  return { order, message: message ?? 'Order placed', replayed: order !== undefined && answer.status === 200 };
}

/** The shopper's orders, newest first. */
export async function listOrders(upstream: Upstream, shopper: Shopper): Promise<RestOrder[]> {
  return (await upstream.call({ method: 'POST', path: '/api/order/userorders', shopper }, ordersAnswerSchema)).data;
}
