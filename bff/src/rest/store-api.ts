import type { Category, SubCategory } from '#domain/store-rules';
import {
  authAnswerSchema,
  catalogQueryAnswerSchema,
  cartAnswerSchema,
  cartWriteAnswerSchema,
  orderLifeAnswerSchema,
  ordersAnswerSchema,
  placedOrderAnswerSchema,
  profileAnswerSchema,
  type CartData,
  type CatalogQueryAnswer,
  type ListedProduct,
  type RestOrder,
  type RestUser,
} from './answer-shapes.js';
import { StoreError } from '../errors.js';
import type { NotModified, Shopper, Upstream, UpstreamBytes } from './upstream.js';

// One function per REST endpoint of spec section 7 (docs/rest-api.md); each fills in what a backend may omit.

/** As bytes, so the REST pass-through can serve them as the backend sent them. */
export function productListBytes(
  upstream: Upstream,
  etag: string | undefined,
  maxBytes: number,
): Promise<UpstreamBytes | NotModified> {
  return upstream.conditionalBytes({
    method: 'GET',
    path: '/api/product/list',
    headers: etag === undefined ? {} : { 'if-none-match': etag },
    maxBytes,
  });
}

export type CatalogQuerySort = 'relevant' | 'price_asc' | 'price_desc' | 'newest';

export interface CatalogQuery {
  category?: readonly Category[];
  subCategory?: readonly SubCategory[];
  q?: string;
  ids?: readonly string[];
  /** Only products with a size in stock (totals and facets counted so too). */
  inStock?: boolean;
  relatedTo?: string;
  sort?: CatalogQuerySort;
  limit: number;
  cursor?: string;
  facets?: boolean;
}

export async function queryCatalog(upstream: Upstream, query: CatalogQuery): Promise<CatalogQueryAnswer> {
  return (await upstream.call({ method: 'GET', path: catalogQueryPath(query) }, catalogQueryAnswerSchema))
    .data;
}

/** An answer of the catalogue query with the ETag it came with (our API's is the catalogue version). */
export interface TaggedCatalogAnswer {
  answer: CatalogQueryAnswer;
  etag?: string;
}

/** `known` again when the backend answers 304 to its ETag, so neither side runs the query or reads a body. */
export async function queryCatalogAgain(
  upstream: Upstream,
  query: CatalogQuery,
  known?: TaggedCatalogAnswer,
): Promise<TaggedCatalogAnswer> {
  const etag = known?.etag;
  const headers = etag === undefined ? undefined : { 'if-none-match': etag };
  const answer = await upstream.conditionalCall(
    { method: 'GET', path: catalogQueryPath(query), headers },
    catalogQueryAnswerSchema,
  );
  if ('data' in answer) return { answer: answer.data, etag: answer.etag };
  if (known === undefined)
    throw new StoreError('UPSTREAM_ERROR', 'The store answered something unexpected. Please try again.', 304);
  return known;
}

function catalogQueryPath(query: CatalogQuery): string {
  const params = new URLSearchParams();
  if (query.category?.length) params.set('category', query.category.join(','));
  if (query.subCategory?.length) params.set('subCategory', query.subCategory.join(','));
  if (query.q !== undefined && query.q !== '') params.set('q', query.q);
  if (query.ids !== undefined) params.set('ids', query.ids.join(','));
  // Sent only when asked for, so every other call stays a query any backend of ours answers.
  if (query.inStock === true) params.set('inStock', 'true');
  if (query.relatedTo !== undefined) params.set('relatedTo', query.relatedTo);
  if (query.sort !== undefined) params.set('sort', query.sort);
  params.set('limit', String(query.limit));
  if (query.cursor !== undefined) params.set('cursor', query.cursor);
  params.set('facets', String(query.facets ?? false));
  return `/api/product/query?${params.toString()}`;
}

export interface AuthAnswer {
  token: string;
  message: string;
}

export async function register(
  upstream: Upstream,
  shopper: Shopper,
  input: { name: string; email: string; password: string },
): Promise<AuthAnswer> {
  const { token, message } = (
    await upstream.call(
      { method: 'POST', path: '/api/user/register', shopper, body: input },
      authAnswerSchema,
    )
  ).data;
  return { token, message: message ?? 'Account created' };
}

export async function login(
  upstream: Upstream,
  shopper: Shopper,
  input: { email: string; password: string },
): Promise<AuthAnswer> {
  const { token, message } = (
    await upstream.call({ method: 'POST', path: '/api/user/login', shopper, body: input }, authAnswerSchema)
  ).data;
  return { token, message: message ?? 'Signed in' };
}

export async function getProfile(upstream: Upstream, shopper: Shopper): Promise<RestUser> {
  return (await upstream.call({ method: 'GET', path: '/api/user/profile', shopper }, profileAnswerSchema))
    .data.user;
}

export async function getCart(upstream: Upstream, shopper: Shopper): Promise<CartData> {
  return (await upstream.call({ method: 'POST', path: '/api/cart/get', shopper }, cartAnswerSchema)).data
    .cartData;
}

/** The cart after the write when the backend sends it (ours does, the seed's does not). */
export async function addToCart(
  upstream: Upstream,
  shopper: Shopper,
  line: { itemId: string; size: string },
): Promise<CartData | undefined> {
  return (
    await upstream.call({ method: 'POST', path: '/api/cart/add', shopper, body: line }, cartWriteAnswerSchema)
  ).data.cartData;
}

export async function updateCart(
  upstream: Upstream,
  shopper: Shopper,
  line: { itemId: string; size: string; quantity: number },
): Promise<CartData | undefined> {
  return (
    await upstream.call(
      { method: 'POST', path: '/api/cart/update', shopper, body: line },
      cartWriteAnswerSchema,
    )
  ).data.cartData;
}

/** Spec section 3: an ordered item is a copy of the catalogue's product. */
export type OrderItemCopy = ListedProduct & { size: string; quantity: number };

export interface OrderRequest {
  address: Record<string, string>;
  items: OrderItemCopy[];
  /** Cart amount plus the delivery fee. */
  amount: number;
  idempotencyKey: string;
}

export interface PlacedOrder {
  /** The seed's backend answers a message only. */
  order?: RestOrder;
  message: string;
  /** This attempt had already placed the order (our API answers 200, not 201). */
  replayed: boolean;
}

export async function placeOrder(
  upstream: Upstream,
  shopper: Shopper,
  request: OrderRequest,
): Promise<PlacedOrder> {
  const { idempotencyKey, ...body } = request;
  const answer = await upstream.call(
    {
      method: 'POST',
      path: '/api/order/place',
      shopper,
      body,
      headers: { 'idempotency-key': idempotencyKey },
    },
    placedOrderAnswerSchema,
  );
  const { order, message } = answer.data;
  return {
    order,
    message: message ?? 'Order placed',
    replayed: order !== undefined && answer.status === 200,
  };
}

export async function listOrders(upstream: Upstream, shopper: Shopper): Promise<RestOrder[]> {
  return (await upstream.call({ method: 'POST', path: '/api/order/userorders', shopper }, ordersAnswerSchema))
    .data;
}

// ---- Beyond section 7: our API's cancellation and return requests; a backend of the seed kind has none ----

export interface OrderLifeAnswer {
  message: string;
  order?: RestOrder;
}

/** `POST /api/order/cancel`: the shopper's own order, while it has not been packed. */
export async function cancelOrder(
  upstream: Upstream,
  shopper: Shopper,
  orderId: string,
): Promise<OrderLifeAnswer> {
  const { message, order } = (
    await upstream.call(
      { method: 'POST', path: '/api/order/cancel', shopper, body: { orderId } },
      orderLifeAnswerSchema,
    )
  ).data;
  return { message: message ?? 'Order cancelled', order };
}

export interface ReturnAsk {
  orderId: string;
  productId: string;
  size: string;
  quantity?: number;
  kind: 'return' | 'exchange';
  reason: string;
  exchangeSize?: string;
  idempotencyKey?: string;
}

/** `POST /api/order/return`: a return or exchange of a delivered line, within the return window. */
export async function requestReturn(
  upstream: Upstream,
  shopper: Shopper,
  ask: ReturnAsk,
): Promise<OrderLifeAnswer> {
  const { idempotencyKey, ...body } = ask;
  const headers: Record<string, string> =
    idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey };
  const { message, order } = (
    await upstream.call(
      { method: 'POST', path: '/api/order/return', shopper, body, headers },
      orderLifeAnswerSchema,
    )
  ).data;
  return { message: message ?? 'Return requested', order };
}
