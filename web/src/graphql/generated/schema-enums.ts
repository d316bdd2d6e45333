export type Category =
  | 'MEN'
  | 'WOMEN';

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

export type ReturnKind =
  /** The item goes back for another size of the same product. */
  | 'EXCHANGE'
  /** The item goes back and the shopper is refunded. */
  | 'RETURN';

/** A request's states: the shop approves or refuses it, receives the item, then closes it (refund paid or replacement shipped). */
export type ReturnStatus =
  | 'APPROVED'
  | 'CLOSED'
  | 'RECEIVED'
  | 'REFUSED'
  | 'REQUESTED';
