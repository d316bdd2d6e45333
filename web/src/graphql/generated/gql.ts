/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "query NavViewer {\n  me {\n    id\n    name\n  }\n}": typeof types.NavViewerDocument,
    "mutation SyncUser {\n  syncUser {\n    id\n    name\n  }\n}": typeof types.SyncUserDocument,
    "query ServerCart {\n  cart {\n    lines {\n      productId\n      size\n      quantity\n    }\n  }\n}\n\nmutation UpdateCartLine($productId: ID!, $size: String!, $quantity: Int!) {\n  updateCartLine(productId: $productId, size: $size, quantity: $quantity) {\n    lines {\n      productId\n      size\n      quantity\n    }\n  }\n}\n\nquery CartProducts($ids: [ID!]!, $first: Int!) {\n  products(filter: {ids: $ids}, first: $first) {\n    nodes {\n      id\n      name\n      price\n      images\n      stock {\n        size\n        inStock\n        left\n      }\n    }\n  }\n}": typeof types.ServerCartDocument,
    "query CollectionProducts($filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) {\n  products(filter: $filter, sort: $sort, first: $first, after: $after) {\n    nodes {\n      ...ProductCardFields\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    totalCount\n    facets {\n      categories {\n        category\n        count\n      }\n      types {\n        type\n        count\n      }\n    }\n  }\n}": typeof types.CollectionProductsDocument,
    "query LatestProducts($limit: Int!) {\n  latestProducts(limit: $limit) {\n    ...ProductCardFields\n  }\n}": typeof types.LatestProductsDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    message\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    message\n  }\n}": typeof types.LoginDocument,
    "mutation CancelOrder($orderId: ID!) {\n  cancelOrder(orderId: $orderId) {\n    ...OrderFields\n  }\n}\n\nmutation RequestReturn($input: ReturnRequestInput!) {\n  requestReturn(input: $input) {\n    ...OrderFields\n  }\n}": typeof types.CancelOrderDocument,
    "fragment OrderFields on Order {\n  id\n  reference\n  status\n  paymentMethod\n  placedAt\n  amount\n  cancellable\n  returnableUntil\n  statusHistory {\n    status\n    at\n  }\n  items {\n    productId\n    name\n    price\n    quantity\n    size\n    image\n    exchangeSizes\n  }\n  returns {\n    id\n    productId\n    size\n    quantity\n    kind\n    reason\n    exchangeSize\n    status\n    requestedAt\n    updatedAt\n  }\n}\n\nquery MyOrders {\n  myOrders {\n    ...OrderFields\n  }\n}": typeof types.OrderFieldsFragmentDoc,
    "mutation PlaceOrder($input: PlaceOrderInput!) {\n  placeOrder(input: $input) {\n    message\n    replayed\n    order {\n      id\n    }\n  }\n}": typeof types.PlaceOrderDocument,
    "query ProductDetail($id: ID!, $relatedLimit: Int!) {\n  product(id: $id) {\n    id\n    name\n    description\n    price\n    images\n    imagePlaceholder\n    sizes\n    stock {\n      size\n      inStock\n      left\n    }\n    soldOut\n    category\n    type\n    related(limit: $relatedLimit) {\n      ...ProductCardFields\n    }\n  }\n}": typeof types.ProductDetailDocument,
    "fragment ProductCardFields on Product {\n  id\n  name\n  price\n  images\n  imagePlaceholder\n  soldOut\n}": typeof types.ProductCardFieldsFragmentDoc,
};
const documents: Documents = {
    "query NavViewer {\n  me {\n    id\n    name\n  }\n}": types.NavViewerDocument,
    "mutation SyncUser {\n  syncUser {\n    id\n    name\n  }\n}": types.SyncUserDocument,
    "query ServerCart {\n  cart {\n    lines {\n      productId\n      size\n      quantity\n    }\n  }\n}\n\nmutation UpdateCartLine($productId: ID!, $size: String!, $quantity: Int!) {\n  updateCartLine(productId: $productId, size: $size, quantity: $quantity) {\n    lines {\n      productId\n      size\n      quantity\n    }\n  }\n}\n\nquery CartProducts($ids: [ID!]!, $first: Int!) {\n  products(filter: {ids: $ids}, first: $first) {\n    nodes {\n      id\n      name\n      price\n      images\n      stock {\n        size\n        inStock\n        left\n      }\n    }\n  }\n}": types.ServerCartDocument,
    "query CollectionProducts($filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) {\n  products(filter: $filter, sort: $sort, first: $first, after: $after) {\n    nodes {\n      ...ProductCardFields\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    totalCount\n    facets {\n      categories {\n        category\n        count\n      }\n      types {\n        type\n        count\n      }\n    }\n  }\n}": types.CollectionProductsDocument,
    "query LatestProducts($limit: Int!) {\n  latestProducts(limit: $limit) {\n    ...ProductCardFields\n  }\n}": types.LatestProductsDocument,
    "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    message\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    message\n  }\n}": types.LoginDocument,
    "mutation CancelOrder($orderId: ID!) {\n  cancelOrder(orderId: $orderId) {\n    ...OrderFields\n  }\n}\n\nmutation RequestReturn($input: ReturnRequestInput!) {\n  requestReturn(input: $input) {\n    ...OrderFields\n  }\n}": types.CancelOrderDocument,
    "fragment OrderFields on Order {\n  id\n  reference\n  status\n  paymentMethod\n  placedAt\n  amount\n  cancellable\n  returnableUntil\n  statusHistory {\n    status\n    at\n  }\n  items {\n    productId\n    name\n    price\n    quantity\n    size\n    image\n    exchangeSizes\n  }\n  returns {\n    id\n    productId\n    size\n    quantity\n    kind\n    reason\n    exchangeSize\n    status\n    requestedAt\n    updatedAt\n  }\n}\n\nquery MyOrders {\n  myOrders {\n    ...OrderFields\n  }\n}": types.OrderFieldsFragmentDoc,
    "mutation PlaceOrder($input: PlaceOrderInput!) {\n  placeOrder(input: $input) {\n    message\n    replayed\n    order {\n      id\n    }\n  }\n}": types.PlaceOrderDocument,
    "query ProductDetail($id: ID!, $relatedLimit: Int!) {\n  product(id: $id) {\n    id\n    name\n    description\n    price\n    images\n    imagePlaceholder\n    sizes\n    stock {\n      size\n      inStock\n      left\n    }\n    soldOut\n    category\n    type\n    related(limit: $relatedLimit) {\n      ...ProductCardFields\n    }\n  }\n}": types.ProductDetailDocument,
    "fragment ProductCardFields on Product {\n  id\n  name\n  price\n  images\n  imagePlaceholder\n  soldOut\n}": types.ProductCardFieldsFragmentDoc,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query NavViewer {\n  me {\n    id\n    name\n  }\n}"): (typeof documents)["query NavViewer {\n  me {\n    id\n    name\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SyncUser {\n  syncUser {\n    id\n    name\n  }\n}"): (typeof documents)["mutation SyncUser {\n  syncUser {\n    id\n    name\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ServerCart {\n  cart {\n    lines {\n      productId\n      size\n      quantity\n    }\n  }\n}\n\nmutation UpdateCartLine($productId: ID!, $size: String!, $quantity: Int!) {\n  updateCartLine(productId: $productId, size: $size, quantity: $quantity) {\n    lines {\n      productId\n      size\n      quantity\n    }\n  }\n}\n\nquery CartProducts($ids: [ID!]!, $first: Int!) {\n  products(filter: {ids: $ids}, first: $first) {\n    nodes {\n      id\n      name\n      price\n      images\n      stock {\n        size\n        inStock\n        left\n      }\n    }\n  }\n}"): (typeof documents)["query ServerCart {\n  cart {\n    lines {\n      productId\n      size\n      quantity\n    }\n  }\n}\n\nmutation UpdateCartLine($productId: ID!, $size: String!, $quantity: Int!) {\n  updateCartLine(productId: $productId, size: $size, quantity: $quantity) {\n    lines {\n      productId\n      size\n      quantity\n    }\n  }\n}\n\nquery CartProducts($ids: [ID!]!, $first: Int!) {\n  products(filter: {ids: $ids}, first: $first) {\n    nodes {\n      id\n      name\n      price\n      images\n      stock {\n        size\n        inStock\n        left\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CollectionProducts($filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) {\n  products(filter: $filter, sort: $sort, first: $first, after: $after) {\n    nodes {\n      ...ProductCardFields\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    totalCount\n    facets {\n      categories {\n        category\n        count\n      }\n      types {\n        type\n        count\n      }\n    }\n  }\n}"): (typeof documents)["query CollectionProducts($filter: ProductFilter, $sort: ProductSort, $first: Int, $after: String) {\n  products(filter: $filter, sort: $sort, first: $first, after: $after) {\n    nodes {\n      ...ProductCardFields\n    }\n    pageInfo {\n      hasNextPage\n      endCursor\n    }\n    totalCount\n    facets {\n      categories {\n        category\n        count\n      }\n      types {\n        type\n        count\n      }\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query LatestProducts($limit: Int!) {\n  latestProducts(limit: $limit) {\n    ...ProductCardFields\n  }\n}"): (typeof documents)["query LatestProducts($limit: Int!) {\n  latestProducts(limit: $limit) {\n    ...ProductCardFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    message\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    message\n  }\n}"): (typeof documents)["mutation Login($input: LoginInput!) {\n  login(input: $input) {\n    token\n    message\n  }\n}\n\nmutation Register($input: RegisterInput!) {\n  register(input: $input) {\n    token\n    message\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CancelOrder($orderId: ID!) {\n  cancelOrder(orderId: $orderId) {\n    ...OrderFields\n  }\n}\n\nmutation RequestReturn($input: ReturnRequestInput!) {\n  requestReturn(input: $input) {\n    ...OrderFields\n  }\n}"): (typeof documents)["mutation CancelOrder($orderId: ID!) {\n  cancelOrder(orderId: $orderId) {\n    ...OrderFields\n  }\n}\n\nmutation RequestReturn($input: ReturnRequestInput!) {\n  requestReturn(input: $input) {\n    ...OrderFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment OrderFields on Order {\n  id\n  reference\n  status\n  paymentMethod\n  placedAt\n  amount\n  cancellable\n  returnableUntil\n  statusHistory {\n    status\n    at\n  }\n  items {\n    productId\n    name\n    price\n    quantity\n    size\n    image\n    exchangeSizes\n  }\n  returns {\n    id\n    productId\n    size\n    quantity\n    kind\n    reason\n    exchangeSize\n    status\n    requestedAt\n    updatedAt\n  }\n}\n\nquery MyOrders {\n  myOrders {\n    ...OrderFields\n  }\n}"): (typeof documents)["fragment OrderFields on Order {\n  id\n  reference\n  status\n  paymentMethod\n  placedAt\n  amount\n  cancellable\n  returnableUntil\n  statusHistory {\n    status\n    at\n  }\n  items {\n    productId\n    name\n    price\n    quantity\n    size\n    image\n    exchangeSizes\n  }\n  returns {\n    id\n    productId\n    size\n    quantity\n    kind\n    reason\n    exchangeSize\n    status\n    requestedAt\n    updatedAt\n  }\n}\n\nquery MyOrders {\n  myOrders {\n    ...OrderFields\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation PlaceOrder($input: PlaceOrderInput!) {\n  placeOrder(input: $input) {\n    message\n    replayed\n    order {\n      id\n    }\n  }\n}"): (typeof documents)["mutation PlaceOrder($input: PlaceOrderInput!) {\n  placeOrder(input: $input) {\n    message\n    replayed\n    order {\n      id\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProductDetail($id: ID!, $relatedLimit: Int!) {\n  product(id: $id) {\n    id\n    name\n    description\n    price\n    images\n    imagePlaceholder\n    sizes\n    stock {\n      size\n      inStock\n      left\n    }\n    soldOut\n    category\n    type\n    related(limit: $relatedLimit) {\n      ...ProductCardFields\n    }\n  }\n}"): (typeof documents)["query ProductDetail($id: ID!, $relatedLimit: Int!) {\n  product(id: $id) {\n    id\n    name\n    description\n    price\n    images\n    imagePlaceholder\n    sizes\n    stock {\n      size\n      inStock\n      left\n    }\n    soldOut\n    category\n    type\n    related(limit: $relatedLimit) {\n      ...ProductCardFields\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProductCardFields on Product {\n  id\n  name\n  price\n  images\n  imagePlaceholder\n  soldOut\n}"): (typeof documents)["fragment ProductCardFields on Product {\n  id\n  name\n  price\n  images\n  imagePlaceholder\n  soldOut\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;