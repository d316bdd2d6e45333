import {
  authAnswerSchema,
  cartAnswerSchema,
  ordersAnswerSchema,
  placedOrderAnswerSchema,
  productListSchema,
  profileAnswerSchema,
  type CartData,
  type RestOrder,
  type RestProduct,
  type RestUser,
} from './bodies.js';
import type { Shopper, Upstream } from './upstream.js';

// One function per REST endpoint (README "The REST API"); each answers the validated part the resolvers need.

export type ProductListAnswer = { notModified: true } | { notModified: false; products: RestProduct[]; etag?: string };

/** `GET /api/product/list`, conditional on the ETag of the copy the caller already holds. */
export async function listProducts(upstream: Upstream, etag?: string): Promise<ProductListAnswer> {
  const answer = await upstream.conditionalCall(
    { method: 'GET', path: '/api/product/list', headers: etag === undefined ? {} : { 'if-none-match': etag } },
    productListSchema,
  );
  if (!('data' in answer)) return { notModified: true };
  return { notModified: false, products: answer.data.products, etag: answer.etag };
}

export interface AuthAnswer {
  token: string;
  message: string;
}

export async function register(upstream: Upstream, shopper: Shopper, input: { name: string; email: string; password: string }): Promise<AuthAnswer> {
  return (await upstream.call({ method: 'POST', path: '/api/user/register', shopper, body: input }, authAnswerSchema)).data;
}

export async function login(upstream: Upstream, shopper: Shopper, input: { email: string; password: string }): Promise<AuthAnswer> {
  return (await upstream.call({ method: 'POST', path: '/api/user/login', shopper, body: input }, authAnswerSchema)).data;
}

export async function getProfile(upstream: Upstream, shopper: Shopper): Promise<RestUser> {
  return (await upstream.call({ method: 'GET', path: '/api/user/profile', shopper }, profileAnswerSchema)).data.user;
}

export async function getCart(upstream: Upstream, shopper: Shopper): Promise<CartData> {
  return (await upstream.call({ method: 'POST', path: '/api/cart/get', shopper }, cartAnswerSchema)).data.cartData;
}

export async function addToCart(upstream: Upstream, shopper: Shopper, line: { itemId: string; size: string }): Promise<CartData> {
  return (await upstream.call({ method: 'POST', path: '/api/cart/add', shopper, body: line }, cartAnswerSchema)).data.cartData;
}

export async function updateCart(
  upstream: Upstream,
  shopper: Shopper,
  line: { itemId: string; size: string; quantity: number },
): Promise<CartData> {
  return (await upstream.call({ method: 'POST', path: '/api/cart/update', shopper, body: line }, cartAnswerSchema)).data.cartData;
}

export interface PlaceOrderRequest {
  address: Record<string, string>;
  items: Array<{ _id: string; size: string; quantity: number }>;
  amount?: number;
  idempotencyKey: string;
}

export interface PlacedOrder {
  order: RestOrder;
  message: string;
  /** The API answers 200 instead of 201 when this key had already placed the order. */
  replayed: boolean;
}

export async function placeOrder(upstream: Upstream, shopper: Shopper, request: PlaceOrderRequest): Promise<PlacedOrder> {
  const { idempotencyKey, ...body } = request;
  const answer = await upstream.call(
    { method: 'POST', path: '/api/order/place', shopper, body, headers: { 'idempotency-key': idempotencyKey } },
    placedOrderAnswerSchema,
  );
  return { order: answer.data.order, message: answer.data.message, replayed: answer.status === 200 };
}

export async function listOrders(upstream: Upstream, shopper: Shopper): Promise<RestOrder[]> {
  return (await upstream.call({ method: 'POST', path: '/api/order/userorders', shopper }, ordersAnswerSchema)).data.orders;
}
