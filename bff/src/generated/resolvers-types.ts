import type { GraphQLResolveInfo } from 'graphql';
import type { CatalogProduct } from '../catalog/product.js';
import type { RestOrder } from '../rest/answer-shapes.js';
import type { GraphQLContext } from '../context.js';
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Omit<T, K extends keyof T> = Pick<T, Exclude<keyof T, K>>;
export type RequireFields<T, K extends keyof T> = Omit<T, K> & { [P in K]-?: NonNullable<T[P]> };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
};

export type AuthPayload = {
  __typename?: 'AuthPayload';
  message: Scalars['String']['output'];
  token: Scalars['String']['output'];
};

/**
 * The signed-in shopper's cart as the server holds it. The screens show the browser's cart (a guest has no server
 * cart), priced and totalled there from the products it looks up, with the rules of domain/store-rules.ts.
 */
export type Cart = {
  __typename?: 'Cart';
  lines: Array<CartLine>;
};

export type CartLine = {
  __typename?: 'CartLine';
  productId: Scalars['ID']['output'];
  /** Above 0: a line set to 0 is gone. */
  quantity: Scalars['Int']['output'];
  size: Scalars['String']['output'];
};

export type Category =
  | 'MEN'
  | 'WOMEN';

export type CategoryCount = {
  __typename?: 'CategoryCount';
  category: Category;
  count: Scalars['Int']['output'];
};

export type DeliveryAddress = {
  __typename?: 'DeliveryAddress';
  city: Scalars['String']['output'];
  country: Scalars['String']['output'];
  email: Scalars['String']['output'];
  firstName: Scalars['String']['output'];
  lastName: Scalars['String']['output'];
  phone: Scalars['String']['output'];
  state: Scalars['String']['output'];
  street: Scalars['String']['output'];
  zipcode: Scalars['String']['output'];
};

export type DeliveryAddressInput = {
  city: Scalars['String']['input'];
  country: Scalars['String']['input'];
  email: Scalars['String']['input'];
  firstName: Scalars['String']['input'];
  lastName: Scalars['String']['input'];
  phone: Scalars['String']['input'];
  state: Scalars['String']['input'];
  street: Scalars['String']['input'];
  zipcode: Scalars['String']['input'];
};

/**
 * The `extensions.code` of an error the API answers with. Apollo Server's own codes (GRAPHQL_VALIDATION_FAILED,
 * BAD_REQUEST, INTERNAL_SERVER_ERROR…) may also appear; clients treat any code they do not know as a failure.
 */
export type ErrorCode =
  /** The store refused the input (the message says why); sending it again gets the same answer. */
  | 'BAD_USER_INPUT'
  /** A product the call names is not in the catalogue. */
  | 'NOT_FOUND'
  /** The store's backend does not take this request online (a cancellation or a return on a backend without them); the message says how to ask the shop instead. */
  | 'NOT_SUPPORTED'
  /**
   * The order asks for more pairs than the store has of some lines; nothing was ordered and the cart is untouched.
   * extensions.shortfalls lists them: { productId, name, size, requested, left } (left 0: sold out).
   */
  | 'OUT_OF_STOCK'
  /**
   * The order's total is not the one the shopper was shown (expectedTotal): prices changed meanwhile. Nothing was
   * ordered; extensions.total is the total the store would charge now, for the shopper to confirm.
   */
  | 'PRICE_CHANGED'
  /** The store is at capacity for this call (sign-in, sign-up); send it again after retryAfterSeconds. */
  | 'STORE_BUSY'
  /** Too many calls from this shopper; retryAfterSeconds says when to try again. */
  | 'TOO_MANY_REQUESTS'
  /** The call needs a signed-in shopper, or the token is no longer valid. */
  | 'UNAUTHENTICATED'
  /** The store's REST API answered something the BFF could not read. */
  | 'UPSTREAM_ERROR'
  /** The store's REST API could not be reached. */
  | 'UPSTREAM_UNAVAILABLE';

export type LoginInput = {
  email: Scalars['String']['input'];
  password: Scalars['String']['input'];
};

export type Mutation = {
  __typename?: 'Mutation';
  /**
   * Cancels the shopper's own order while it has not been packed; cancelling a cancelled order changes nothing.
   * BAD_USER_INPUT once it is too late (the message says why), NOT_SUPPORTED on a backend without cancellations.
   */
  cancelOrder: Order;
  login: AuthPayload;
  placeOrder: PlaceOrderPayload;
  register: AuthPayload;
  /**
   * Asks to return or exchange a line of a delivered order within the return window. BAD_USER_INPUT when refused (too
   * late, not delivered, nothing left to return), OUT_OF_STOCK when the exchange size is gone, NOT_SUPPORTED on a
   * backend without returns.
   */
  requestReturn: Order;
  /** The spec's profile call: creates the store user of a hosted sign-in on first sight. Null from a backend without it. */
  syncUser?: Maybe<User>;
  /** Sets the quantity; 0 removes the line. */
  updateCartLine: Cart;
};


export type MutationCancelOrderArgs = {
  orderId: Scalars['ID']['input'];
};


export type MutationLoginArgs = {
  input: LoginInput;
};


export type MutationPlaceOrderArgs = {
  input: PlaceOrderInput;
};


export type MutationRegisterArgs = {
  input: RegisterInput;
};


export type MutationRequestReturnArgs = {
  input: ReturnRequestInput;
};


export type MutationUpdateCartLineArgs = {
  productId: Scalars['ID']['input'];
  quantity: Scalars['Int']['input'];
  size: Scalars['String']['input'];
};

export type Order = {
  __typename?: 'Order';
  address: DeliveryAddress;
  amount: Scalars['Float']['output'];
  /** The shopper may cancel it now (before packing starts). Always false on a backend without cancellations. */
  cancellable: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  items: Array<OrderItem>;
  paymentMethod: Scalars['String']['output'];
  /** When the order was placed, ISO 8601. */
  placedAt: Scalars['String']['output'];
  /** A short reference a shopper can read out on the phone, e.g. #65F2A1C0. */
  reference: Scalars['String']['output'];
  /**
   * The last moment to ask for a return or exchange (ISO 8601; it may be past), while the order is delivered; null
   * otherwise, and on a backend without returns.
   */
  returnableUntil?: Maybe<Scalars['String']['output']>;
  /** The return and exchange requests of the order's lines, oldest first; empty on a backend without returns. */
  returns: Array<ReturnRequest>;
  /** Displayed as received. */
  status: Scalars['String']['output'];
  /**
   * The order's statuses, oldest first, from its placement. A backend that keeps no history gives the current status
   * only, at the order's date.
   */
  statusHistory: Array<OrderStatusChange>;
};

export type OrderItem = {
  __typename?: 'OrderItem';
  /**
   * The product's other sizes in stock now, which an exchange may ask for; empty when the item cannot be exchanged now
   * (the order is not within its return window) or the catalogue no longer has the product.
   */
  exchangeSizes: Array<Scalars['String']['output']>;
  image?: Maybe<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  price: Scalars['Float']['output'];
  productId: Scalars['ID']['output'];
  quantity: Scalars['Int']['output'];
  size: Scalars['String']['output'];
};

export type OrderLineInput = {
  productId: Scalars['ID']['input'];
  quantity: Scalars['Int']['input'];
  size: Scalars['String']['input'];
};

/** One step of an order's life. */
export type OrderStatusChange = {
  __typename?: 'OrderStatusChange';
  /** When the order reached it, ISO 8601. */
  at: Scalars['String']['output'];
  status: Scalars['String']['output'];
};

export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor?: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

export type PlaceOrderInput = {
  address: DeliveryAddressInput;
  /** The total the shopper was shown; when given and the server's differs, the order is refused. */
  expectedTotal?: InputMaybe<Scalars['Float']['input']>;
  /** One key per checkout attempt: a retry with the same key returns the first order. */
  idempotencyKey: Scalars['String']['input'];
  lines: Array<OrderLineInput>;
};

export type PlaceOrderPayload = {
  __typename?: 'PlaceOrderPayload';
  message: Scalars['String']['output'];
  /** The order as stored; null when the backend answers a message only (the spec's REST contract shows no order in the answer). */
  order?: Maybe<Order>;
  /** True when this key had already placed the order. */
  replayed: Scalars['Boolean']['output'];
};

export type Product = {
  __typename?: 'Product';
  /** When the product was added, ISO 8601. */
  addedAt: Scalars['String']['output'];
  bestseller: Scalars['Boolean']['output'];
  category: Category;
  description: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  /**
   * A tiny blurred picture of the first image as a data: URL (a few hundred bytes), to show while the image loads;
   * null until the store has seen that image (it is computed the first time the image is optimized).
   */
  imagePlaceholder?: Maybe<Scalars['String']['output']>;
  /** Image URLs; the first is the main one. */
  images: Array<Scalars['String']['output']>;
  name: Scalars['String']['output'];
  /** Price in rupees. */
  price: Scalars['Float']['output'];
  /** Products of the same category and type, never this one. */
  related: Array<Product>;
  sizes: Array<Scalars['String']['output']>;
  /** True when every size is sold out: the product cannot be added to a cart. */
  soldOut: Scalars['Boolean']['output'];
  /** Each of the sizes, in their order, with its availability. From a backend that keeps no stock, every size is in stock. */
  stock: Array<SizeStock>;
  type: ProductType;
};


export type ProductRelatedArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};

export type ProductConnection = {
  __typename?: 'ProductConnection';
  edges: Array<ProductEdge>;
  facets: ProductFacets;
  nodes: Array<Product>;
  pageInfo: PageInfo;
  /** Products matching the filter, over all pages. */
  totalCount: Scalars['Int']['output'];
};

export type ProductEdge = {
  __typename?: 'ProductEdge';
  cursor: Scalars['String']['output'];
  node: Product;
};

/**
 * Facet counts for the current filter: each group is counted with the other groups (and the search) applied,
 * so a count says how many products ticking that box would add.
 */
export type ProductFacets = {
  __typename?: 'ProductFacets';
  categories: Array<CategoryCount>;
  types: Array<TypeCount>;
};

/** Filters combine OR within a group and AND across groups: (Men OR Women) AND (Sneakers OR Sandals) AND search. */
export type ProductFilter = {
  categories?: InputMaybe<Array<Category>>;
  /** Only these products (e.g. the lines of a guest cart). */
  ids?: InputMaybe<Array<Scalars['ID']['input']>>;
  /** Only products with at least one size in stock (true); false or absent: every product. */
  inStock?: InputMaybe<Scalars['Boolean']['input']>;
  /** Words to find in the name, type and description: case and accents ignored; on our API the last word is matched as a prefix and a one-letter typo in a word of five or more letters is forgiven. */
  search?: InputMaybe<Scalars['String']['input']>;
  types?: InputMaybe<Array<ProductType>>;
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

export type Query = {
  __typename?: 'Query';
  /** The signed-in shopper's server cart. UNAUTHENTICATED when signed out. */
  cart: Cart;
  latestProducts: Array<Product>;
  /** The signed-in shopper; null when signed out, or when the backend has no profile call (spec section 7 shows its answer unused). */
  me?: Maybe<User>;
  /** The signed-in shopper's orders, newest first. UNAUTHENTICATED when signed out. */
  myOrders: Array<Order>;
  product?: Maybe<Product>;
  products: ProductConnection;
};


export type QueryLatestProductsArgs = {
  limit?: InputMaybe<Scalars['Int']['input']>;
};


export type QueryProductArgs = {
  id: Scalars['ID']['input'];
};


export type QueryProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  filter?: InputMaybe<ProductFilter>;
  first?: InputMaybe<Scalars['Int']['input']>;
  sort?: InputMaybe<ProductSort>;
};

export type RegisterInput = {
  email: Scalars['String']['input'];
  name: Scalars['String']['input'];
  password: Scalars['String']['input'];
};

export type ReturnKind =
  /** The item goes back for another size of the same product. */
  | 'EXCHANGE'
  /** The item goes back and the shopper is refunded. */
  | 'RETURN';

/** A return or exchange the shopper asked for, of one line of a delivered order. */
export type ReturnRequest = {
  __typename?: 'ReturnRequest';
  /** The size wanted instead; null for a return. */
  exchangeSize?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  kind: ReturnKind;
  productId: Scalars['ID']['output'];
  quantity: Scalars['Int']['output'];
  /** One of the store's reasons (domain/order-life.ts RETURN_REASONS). */
  reason: Scalars['String']['output'];
  /** ISO 8601. */
  requestedAt: Scalars['String']['output'];
  /** The size ordered (the line's). */
  size: Scalars['String']['output'];
  status: ReturnStatus;
  /** When the status last changed, ISO 8601. */
  updatedAt: Scalars['String']['output'];
};

export type ReturnRequestInput = {
  /** Required for an exchange (another size of the product, in stock), absent for a return. */
  exchangeSize?: InputMaybe<Scalars['String']['input']>;
  /** One key per request attempt: a retry with the same key makes no second request. */
  idempotencyKey?: InputMaybe<Scalars['String']['input']>;
  kind: ReturnKind;
  orderId: Scalars['ID']['input'];
  /** The line: its product and the size ordered. */
  productId: Scalars['ID']['input'];
  /** Pairs to send back; absent: every pair of the line not already in a request. */
  quantity?: InputMaybe<Scalars['Int']['input']>;
  /** One of RETURN_REASONS (domain/order-life.ts): Does not fit, Not as pictured, Arrived damaged, Wrong item sent, Changed my mind. */
  reason: Scalars['String']['input'];
  size: Scalars['String']['input'];
};

/** A request's states: the shop approves or refuses it, receives the item, then closes it (refund paid or replacement shipped). */
export type ReturnStatus =
  | 'APPROVED'
  | 'CLOSED'
  | 'RECEIVED'
  | 'REFUSED'
  | 'REQUESTED';

/** One size of a product as the shopper may buy it. Exact counts are shown only when few pairs are left. */
export type SizeStock = {
  __typename?: 'SizeStock';
  inStock: Scalars['Boolean']['output'];
  /** Pairs left when few are (at or below the store's low-stock threshold, 3; 0 when sold out); null when more are, or when the store does not count this size. */
  left?: Maybe<Scalars['Int']['output']>;
  size: Scalars['String']['output'];
};

export type TypeCount = {
  __typename?: 'TypeCount';
  count: Scalars['Int']['output'];
  type: ProductType;
};

export type User = {
  __typename?: 'User';
  email?: Maybe<Scalars['String']['output']>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};



export type ResolverTypeWrapper<T> = Promise<T> | T;


export type ResolverWithResolve<TResult, TParent, TContext, TArgs> = {
  resolve: ResolverFn<TResult, TParent, TContext, TArgs>;
};
export type Resolver<TResult, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = ResolverFn<TResult, TParent, TContext, TArgs> | ResolverWithResolve<TResult, TParent, TContext, TArgs>;

export type ResolverFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => Promise<TResult> | TResult;

export type SubscriptionSubscribeFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => AsyncIterable<TResult> | Promise<AsyncIterable<TResult>>;

export type SubscriptionResolveFn<TResult, TParent, TContext, TArgs> = (
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;

export interface SubscriptionSubscriberObject<TResult, TKey extends string, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<{ [key in TKey]: TResult }, TParent, TContext, TArgs>;
  resolve?: SubscriptionResolveFn<TResult, { [key in TKey]: TResult }, TContext, TArgs>;
}

export interface SubscriptionResolverObject<TResult, TParent, TContext, TArgs> {
  subscribe: SubscriptionSubscribeFn<any, TParent, TContext, TArgs>;
  resolve: SubscriptionResolveFn<TResult, any, TContext, TArgs>;
}

export type SubscriptionObject<TResult, TKey extends string, TParent, TContext, TArgs> =
  | SubscriptionSubscriberObject<TResult, TKey, TParent, TContext, TArgs>
  | SubscriptionResolverObject<TResult, TParent, TContext, TArgs>;

export type SubscriptionResolver<TResult, TKey extends string, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> =
  | ((...args: any[]) => SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>)
  | SubscriptionObject<TResult, TKey, TParent, TContext, TArgs>;

export type TypeResolveFn<TTypes, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (
  parent: TParent,
  context: TContext,
  info: GraphQLResolveInfo
) => Maybe<TTypes> | Promise<Maybe<TTypes>>;

export type IsTypeOfResolverFn<T = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>> = (obj: T, context: TContext, info: GraphQLResolveInfo) => boolean | Promise<boolean>;

export type NextResolverFn<T> = () => Promise<T>;

export type DirectiveResolverFn<TResult = Record<PropertyKey, never>, TParent = Record<PropertyKey, never>, TContext = Record<PropertyKey, never>, TArgs = Record<PropertyKey, never>> = (
  next: NextResolverFn<TResult>,
  parent: TParent,
  args: TArgs,
  context: TContext,
  info: GraphQLResolveInfo
) => TResult | Promise<TResult>;





/** Mapping between all available schema types and the resolvers types */
export type ResolversTypes = {
  AuthPayload: ResolverTypeWrapper<AuthPayload>;
  Boolean: ResolverTypeWrapper<Scalars['Boolean']['output']>;
  Cart: ResolverTypeWrapper<Cart>;
  CartLine: ResolverTypeWrapper<CartLine>;
  Category: Category;
  CategoryCount: ResolverTypeWrapper<CategoryCount>;
  DeliveryAddress: ResolverTypeWrapper<DeliveryAddress>;
  DeliveryAddressInput: DeliveryAddressInput;
  ErrorCode: ErrorCode;
  Float: ResolverTypeWrapper<Scalars['Float']['output']>;
  ID: ResolverTypeWrapper<Scalars['ID']['output']>;
  Int: ResolverTypeWrapper<Scalars['Int']['output']>;
  LoginInput: LoginInput;
  Mutation: ResolverTypeWrapper<Record<PropertyKey, never>>;
  Order: ResolverTypeWrapper<RestOrder>;
  OrderItem: ResolverTypeWrapper<OrderItem>;
  OrderLineInput: OrderLineInput;
  OrderStatusChange: ResolverTypeWrapper<OrderStatusChange>;
  PageInfo: ResolverTypeWrapper<PageInfo>;
  PlaceOrderInput: PlaceOrderInput;
  PlaceOrderPayload: ResolverTypeWrapper<Omit<PlaceOrderPayload, 'order'> & { order?: Maybe<ResolversTypes['Order']> }>;
  Product: ResolverTypeWrapper<CatalogProduct>;
  ProductConnection: ResolverTypeWrapper<Omit<ProductConnection, 'edges' | 'nodes'> & { edges: Array<ResolversTypes['ProductEdge']>, nodes: Array<ResolversTypes['Product']> }>;
  ProductEdge: ResolverTypeWrapper<Omit<ProductEdge, 'node'> & { node: ResolversTypes['Product'] }>;
  ProductFacets: ResolverTypeWrapper<ProductFacets>;
  ProductFilter: ProductFilter;
  ProductSort: ProductSort;
  ProductType: ProductType;
  Query: ResolverTypeWrapper<Record<PropertyKey, never>>;
  RegisterInput: RegisterInput;
  ReturnKind: ReturnKind;
  ReturnRequest: ResolverTypeWrapper<ReturnRequest>;
  ReturnRequestInput: ReturnRequestInput;
  ReturnStatus: ReturnStatus;
  SizeStock: ResolverTypeWrapper<SizeStock>;
  String: ResolverTypeWrapper<Scalars['String']['output']>;
  TypeCount: ResolverTypeWrapper<TypeCount>;
  User: ResolverTypeWrapper<User>;
};

/** Mapping between all available schema types and the resolvers parents */
export type ResolversParentTypes = {
  AuthPayload: AuthPayload;
  Boolean: Scalars['Boolean']['output'];
  Cart: Cart;
  CartLine: CartLine;
  CategoryCount: CategoryCount;
  DeliveryAddress: DeliveryAddress;
  DeliveryAddressInput: DeliveryAddressInput;
  Float: Scalars['Float']['output'];
  ID: Scalars['ID']['output'];
  Int: Scalars['Int']['output'];
  LoginInput: LoginInput;
  Mutation: Record<PropertyKey, never>;
  Order: RestOrder;
  OrderItem: OrderItem;
  OrderLineInput: OrderLineInput;
  OrderStatusChange: OrderStatusChange;
  PageInfo: PageInfo;
  PlaceOrderInput: PlaceOrderInput;
  PlaceOrderPayload: Omit<PlaceOrderPayload, 'order'> & { order?: Maybe<ResolversParentTypes['Order']> };
  Product: CatalogProduct;
  ProductConnection: Omit<ProductConnection, 'edges' | 'nodes'> & { edges: Array<ResolversParentTypes['ProductEdge']>, nodes: Array<ResolversParentTypes['Product']> };
  ProductEdge: Omit<ProductEdge, 'node'> & { node: ResolversParentTypes['Product'] };
  ProductFacets: ProductFacets;
  ProductFilter: ProductFilter;
  Query: Record<PropertyKey, never>;
  RegisterInput: RegisterInput;
  ReturnRequest: ReturnRequest;
  ReturnRequestInput: ReturnRequestInput;
  SizeStock: SizeStock;
  String: Scalars['String']['output'];
  TypeCount: TypeCount;
  User: User;
};

export type AuthPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['AuthPayload'] = ResolversParentTypes['AuthPayload']> = {
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  token?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CartResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Cart'] = ResolversParentTypes['Cart']> = {
  lines?: Resolver<Array<ResolversTypes['CartLine']>, ParentType, ContextType>;
};

export type CartLineResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CartLine'] = ResolversParentTypes['CartLine']> = {
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type CategoryCountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['CategoryCount'] = ResolversParentTypes['CategoryCount']> = {
  category?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type DeliveryAddressResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['DeliveryAddress'] = ResolversParentTypes['DeliveryAddress']> = {
  city?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  country?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  email?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  firstName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  lastName?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  phone?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  state?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  street?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  zipcode?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type MutationResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Mutation'] = ResolversParentTypes['Mutation']> = {
  cancelOrder?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationCancelOrderArgs, 'orderId'>>;
  login?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationLoginArgs, 'input'>>;
  placeOrder?: Resolver<ResolversTypes['PlaceOrderPayload'], ParentType, ContextType, RequireFields<MutationPlaceOrderArgs, 'input'>>;
  register?: Resolver<ResolversTypes['AuthPayload'], ParentType, ContextType, RequireFields<MutationRegisterArgs, 'input'>>;
  requestReturn?: Resolver<ResolversTypes['Order'], ParentType, ContextType, RequireFields<MutationRequestReturnArgs, 'input'>>;
  syncUser?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  updateCartLine?: Resolver<ResolversTypes['Cart'], ParentType, ContextType, RequireFields<MutationUpdateCartLineArgs, 'productId' | 'quantity' | 'size'>>;
};

export type OrderResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Order'] = ResolversParentTypes['Order']> = {
  address?: Resolver<ResolversTypes['DeliveryAddress'], ParentType, ContextType>;
  amount?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  cancellable?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  items?: Resolver<Array<ResolversTypes['OrderItem']>, ParentType, ContextType>;
  paymentMethod?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  placedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  reference?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  returnableUntil?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  returns?: Resolver<Array<ResolversTypes['ReturnRequest']>, ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  statusHistory?: Resolver<Array<ResolversTypes['OrderStatusChange']>, ParentType, ContextType>;
};

export type OrderItemResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['OrderItem'] = ResolversParentTypes['OrderItem']> = {
  exchangeSizes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  image?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type OrderStatusChangeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['OrderStatusChange'] = ResolversParentTypes['OrderStatusChange']> = {
  at?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type PageInfoResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PageInfo'] = ResolversParentTypes['PageInfo']> = {
  endCursor?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  hasNextPage?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type PlaceOrderPayloadResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['PlaceOrderPayload'] = ResolversParentTypes['PlaceOrderPayload']> = {
  message?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  order?: Resolver<Maybe<ResolversTypes['Order']>, ParentType, ContextType>;
  replayed?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
};

export type ProductResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Product'] = ResolversParentTypes['Product']> = {
  addedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  bestseller?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  category?: Resolver<ResolversTypes['Category'], ParentType, ContextType>;
  description?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  imagePlaceholder?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  images?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  price?: Resolver<ResolversTypes['Float'], ParentType, ContextType>;
  related?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<ProductRelatedArgs, 'limit'>>;
  sizes?: Resolver<Array<ResolversTypes['String']>, ParentType, ContextType>;
  soldOut?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  stock?: Resolver<Array<ResolversTypes['SizeStock']>, ParentType, ContextType>;
  type?: Resolver<ResolversTypes['ProductType'], ParentType, ContextType>;
};

export type ProductConnectionResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProductConnection'] = ResolversParentTypes['ProductConnection']> = {
  edges?: Resolver<Array<ResolversTypes['ProductEdge']>, ParentType, ContextType>;
  facets?: Resolver<ResolversTypes['ProductFacets'], ParentType, ContextType>;
  nodes?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType>;
  pageInfo?: Resolver<ResolversTypes['PageInfo'], ParentType, ContextType>;
  totalCount?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
};

export type ProductEdgeResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProductEdge'] = ResolversParentTypes['ProductEdge']> = {
  cursor?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  node?: Resolver<ResolversTypes['Product'], ParentType, ContextType>;
};

export type ProductFacetsResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ProductFacets'] = ResolversParentTypes['ProductFacets']> = {
  categories?: Resolver<Array<ResolversTypes['CategoryCount']>, ParentType, ContextType>;
  types?: Resolver<Array<ResolversTypes['TypeCount']>, ParentType, ContextType>;
};

export type QueryResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['Query'] = ResolversParentTypes['Query']> = {
  cart?: Resolver<ResolversTypes['Cart'], ParentType, ContextType>;
  latestProducts?: Resolver<Array<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryLatestProductsArgs, 'limit'>>;
  me?: Resolver<Maybe<ResolversTypes['User']>, ParentType, ContextType>;
  myOrders?: Resolver<Array<ResolversTypes['Order']>, ParentType, ContextType>;
  product?: Resolver<Maybe<ResolversTypes['Product']>, ParentType, ContextType, RequireFields<QueryProductArgs, 'id'>>;
  products?: Resolver<ResolversTypes['ProductConnection'], ParentType, ContextType, RequireFields<QueryProductsArgs, 'first' | 'sort'>>;
};

export type ReturnRequestResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['ReturnRequest'] = ResolversParentTypes['ReturnRequest']> = {
  exchangeSize?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  kind?: Resolver<ResolversTypes['ReturnKind'], ParentType, ContextType>;
  productId?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  quantity?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  reason?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  requestedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  size?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
  status?: Resolver<ResolversTypes['ReturnStatus'], ParentType, ContextType>;
  updatedAt?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type SizeStockResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['SizeStock'] = ResolversParentTypes['SizeStock']> = {
  inStock?: Resolver<ResolversTypes['Boolean'], ParentType, ContextType>;
  left?: Resolver<Maybe<ResolversTypes['Int']>, ParentType, ContextType>;
  size?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type TypeCountResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['TypeCount'] = ResolversParentTypes['TypeCount']> = {
  count?: Resolver<ResolversTypes['Int'], ParentType, ContextType>;
  type?: Resolver<ResolversTypes['ProductType'], ParentType, ContextType>;
};

export type UserResolvers<ContextType = GraphQLContext, ParentType extends ResolversParentTypes['User'] = ResolversParentTypes['User']> = {
  email?: Resolver<Maybe<ResolversTypes['String']>, ParentType, ContextType>;
  id?: Resolver<ResolversTypes['ID'], ParentType, ContextType>;
  name?: Resolver<ResolversTypes['String'], ParentType, ContextType>;
};

export type Resolvers<ContextType = GraphQLContext> = {
  AuthPayload?: AuthPayloadResolvers<ContextType>;
  Cart?: CartResolvers<ContextType>;
  CartLine?: CartLineResolvers<ContextType>;
  CategoryCount?: CategoryCountResolvers<ContextType>;
  DeliveryAddress?: DeliveryAddressResolvers<ContextType>;
  Mutation?: MutationResolvers<ContextType>;
  Order?: OrderResolvers<ContextType>;
  OrderItem?: OrderItemResolvers<ContextType>;
  OrderStatusChange?: OrderStatusChangeResolvers<ContextType>;
  PageInfo?: PageInfoResolvers<ContextType>;
  PlaceOrderPayload?: PlaceOrderPayloadResolvers<ContextType>;
  Product?: ProductResolvers<ContextType>;
  ProductConnection?: ProductConnectionResolvers<ContextType>;
  ProductEdge?: ProductEdgeResolvers<ContextType>;
  ProductFacets?: ProductFacetsResolvers<ContextType>;
  Query?: QueryResolvers<ContextType>;
  ReturnRequest?: ReturnRequestResolvers<ContextType>;
  SizeStock?: SizeStockResolvers<ContextType>;
  TypeCount?: TypeCountResolvers<ContextType>;
  User?: UserResolvers<ContextType>;
};

