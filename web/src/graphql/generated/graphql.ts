/* eslint-disable */
/** Internal type. DO NOT USE DIRECTLY. */
type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
/** Internal type. DO NOT USE DIRECTLY. */
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
export type Category =
  | 'MEN'
  | 'WOMEN';

export type DeliveryAddressInput = {
  city: string;
  country: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  state: string;
  street: string;
  zipcode: string;
};

export type LoginInput = {
  email: string;
  password: string;
};

export type OrderLineInput = {
  productId: string;
  quantity: number;
  size: string;
};

export type PlaceOrderInput = {
  address: DeliveryAddressInput;
  /** The total the shopper was shown; when given and the server's differs, the order is refused. */
  expectedTotal?: number | null | undefined;
  /** One key per checkout attempt: a retry with the same key returns the first order. */
  idempotencyKey: string;
  lines: Array<OrderLineInput>;
};

/** Filters combine OR within a group and AND across groups: (Men OR Women) AND (Sneakers OR Sandals) AND search. */
export type ProductFilter = {
  categories?: Array<Category> | null | undefined;
  /** Only these products (e.g. the lines of a guest cart). */
  ids?: Array<string> | null | undefined;
  /** Only products with at least one size in stock (true); false or absent: every product. */
  inStock?: boolean | null | undefined;
  /** Words to find in the name, type and description: case and accents ignored; on our API the last word is matched as a prefix and a one-letter typo in a word of five or more letters is forgiven. */
  search?: string | null | undefined;
  types?: Array<ProductType> | null | undefined;
};

export type ProductSort =
  /** The most recently added first. */
  | 'NEWEST'
  | 'PRICE_ASC'
  | 'PRICE_DESC'
  /** The catalogue's own order; with a search, the best matches first (a match in the name above one in the type above one in the description). */
  | 'RELEVANT';

/** The shoe type (the spec's subCategory). */
export type ProductType =
  | 'LEATHER_SHOES'
  | 'SANDALS'
  | 'SLIPPERS'
  | 'SNEAKERS'
  | 'SPORTS_SHOES';

export type RegisterInput = {
  email: string;
  name: string;
  password: string;
};

export type ReturnKind =
  /** The item goes back for another size of the same product. */
  | 'EXCHANGE'
  /** The item goes back and the shopper is refunded. */
  | 'RETURN';

export type ReturnRequestInput = {
  /** Required for an exchange (another size of the product, in stock), absent for a return. */
  exchangeSize?: string | null | undefined;
  /** One key per request attempt: a retry with the same key makes no second request. */
  idempotencyKey?: string | null | undefined;
  kind: ReturnKind;
  orderId: string;
  /** The line: its product and the size ordered. */
  productId: string;
  /** Pairs to send back; absent: every pair of the line not already in a request. */
  quantity?: number | null | undefined;
  /** One of RETURN_REASONS (domain/order-life.ts): Does not fit, Not as pictured, Arrived damaged, Wrong item sent, Changed my mind. */
  reason: string;
  size: string;
};

/** A request's states: the shop approves or refuses it, receives the item, then closes it (refund paid or replacement shipped). */
export type ReturnStatus =
  | 'APPROVED'
  | 'CLOSED'
  | 'RECEIVED'
  | 'REFUSED'
  | 'REQUESTED';

export type NavViewerQueryVariables = Exact<{ [key: string]: never; }>;


export type NavViewerQuery = { me: { __typename: 'User', id: string, name: string } | null };

export type SyncUserMutationVariables = Exact<{ [key: string]: never; }>;


export type SyncUserMutation = { syncUser: { __typename: 'User', id: string, name: string } | null };

export type ServerCartQueryVariables = Exact<{ [key: string]: never; }>;


export type ServerCartQuery = { cart: { __typename: 'Cart', lines: Array<{ __typename: 'CartLine', productId: string, size: string, quantity: number }> } };

export type UpdateCartLineMutationVariables = Exact<{
  productId: string;
  size: string;
  quantity: number;
}>;


export type UpdateCartLineMutation = { updateCartLine: { __typename: 'Cart', lines: Array<{ __typename: 'CartLine', productId: string, size: string, quantity: number }> } };

export type CartProductsQueryVariables = Exact<{
  ids: Array<string> | string;
  first: number;
}>;


export type CartProductsQuery = { products: { __typename: 'ProductConnection', nodes: Array<{ __typename: 'Product', id: string, name: string, price: number, images: Array<string>, stock: Array<{ __typename: 'SizeStock', size: string, inStock: boolean, left: number | null }> }> } };

export type CollectionProductsQueryVariables = Exact<{
  filter?: ProductFilter | null | undefined;
  sort?: ProductSort | null | undefined;
  first?: number | null | undefined;
  after?: string | null | undefined;
}>;


export type CollectionProductsQuery = { products: { __typename: 'ProductConnection', totalCount: number, nodes: Array<{ __typename: 'Product', id: string, name: string, price: number, images: Array<string>, imagePlaceholder: string | null, soldOut: boolean, category: Category, type: ProductType }>, pageInfo: { __typename: 'PageInfo', hasNextPage: boolean, endCursor: string | null }, facets: { __typename: 'ProductFacets', categories: Array<{ __typename: 'CategoryCount', category: Category, count: number }>, types: Array<{ __typename: 'TypeCount', type: ProductType, count: number }> } } };

export type LatestProductsQueryVariables = Exact<{
  limit: number;
}>;


export type LatestProductsQuery = { latestProducts: Array<{ __typename: 'Product', id: string, name: string, price: number, images: Array<string>, imagePlaceholder: string | null, soldOut: boolean, category: Category, type: ProductType }> };

export type LoginMutationVariables = Exact<{
  input: LoginInput;
}>;


export type LoginMutation = { login: { __typename: 'AuthPayload', token: string, message: string } };

export type RegisterMutationVariables = Exact<{
  input: RegisterInput;
}>;


export type RegisterMutation = { register: { __typename: 'AuthPayload', token: string, message: string } };

export type CancelOrderMutationVariables = Exact<{
  orderId: string;
}>;


export type CancelOrderMutation = { cancelOrder: { __typename: 'Order', id: string, reference: string, status: string, paymentMethod: string, placedAt: string, amount: number, cancellable: boolean, returnableUntil: string | null, statusHistory: Array<{ __typename: 'OrderStatusChange', status: string, at: string }>, items: Array<{ __typename: 'OrderItem', productId: string, name: string, price: number, quantity: number, size: string, image: string | null, exchangeSizes: Array<string> }>, returns: Array<{ __typename: 'ReturnRequest', id: string, productId: string, size: string, quantity: number, kind: ReturnKind, reason: string, exchangeSize: string | null, status: ReturnStatus, requestedAt: string, updatedAt: string }> } };

export type RequestReturnMutationVariables = Exact<{
  input: ReturnRequestInput;
}>;


export type RequestReturnMutation = { requestReturn: { __typename: 'Order', id: string, reference: string, status: string, paymentMethod: string, placedAt: string, amount: number, cancellable: boolean, returnableUntil: string | null, statusHistory: Array<{ __typename: 'OrderStatusChange', status: string, at: string }>, items: Array<{ __typename: 'OrderItem', productId: string, name: string, price: number, quantity: number, size: string, image: string | null, exchangeSizes: Array<string> }>, returns: Array<{ __typename: 'ReturnRequest', id: string, productId: string, size: string, quantity: number, kind: ReturnKind, reason: string, exchangeSize: string | null, status: ReturnStatus, requestedAt: string, updatedAt: string }> } };

export type OrderFieldsFragment = { __typename: 'Order', id: string, reference: string, status: string, paymentMethod: string, placedAt: string, amount: number, cancellable: boolean, returnableUntil: string | null, statusHistory: Array<{ __typename: 'OrderStatusChange', status: string, at: string }>, items: Array<{ __typename: 'OrderItem', productId: string, name: string, price: number, quantity: number, size: string, image: string | null, exchangeSizes: Array<string> }>, returns: Array<{ __typename: 'ReturnRequest', id: string, productId: string, size: string, quantity: number, kind: ReturnKind, reason: string, exchangeSize: string | null, status: ReturnStatus, requestedAt: string, updatedAt: string }> };

export type MyOrdersQueryVariables = Exact<{ [key: string]: never; }>;


export type MyOrdersQuery = { myOrders: Array<{ __typename: 'Order', id: string, reference: string, status: string, paymentMethod: string, placedAt: string, amount: number, cancellable: boolean, returnableUntil: string | null, statusHistory: Array<{ __typename: 'OrderStatusChange', status: string, at: string }>, items: Array<{ __typename: 'OrderItem', productId: string, name: string, price: number, quantity: number, size: string, image: string | null, exchangeSizes: Array<string> }>, returns: Array<{ __typename: 'ReturnRequest', id: string, productId: string, size: string, quantity: number, kind: ReturnKind, reason: string, exchangeSize: string | null, status: ReturnStatus, requestedAt: string, updatedAt: string }> }> };

export type PlaceOrderMutationVariables = Exact<{
  input: PlaceOrderInput;
}>;


export type PlaceOrderMutation = { placeOrder: { __typename: 'PlaceOrderPayload', message: string, replayed: boolean, order: { __typename: 'Order', id: string } | null } };

export type ProductDetailQueryVariables = Exact<{
  id: string;
  relatedLimit: number;
}>;


export type ProductDetailQuery = { product: { __typename: 'Product', id: string, name: string, description: string, price: number, images: Array<string>, imagePlaceholder: string | null, sizes: Array<string>, soldOut: boolean, category: Category, type: ProductType, stock: Array<{ __typename: 'SizeStock', size: string, inStock: boolean, left: number | null }>, related: Array<{ __typename: 'Product', id: string, name: string, price: number, images: Array<string>, imagePlaceholder: string | null, soldOut: boolean, category: Category, type: ProductType }> } | null };

export type ProductCardFieldsFragment = { __typename: 'Product', id: string, name: string, price: number, images: Array<string>, imagePlaceholder: string | null, soldOut: boolean, category: Category, type: ProductType };
