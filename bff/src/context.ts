import type { Catalog } from './catalog/catalog.js';
import type { OrderAttempts } from './orders/order-attempts.js';
import type { Shopper, Upstream } from './rest/upstream.js';

/** What a response-cache decision needs to know about one GraphQL execution. */
export interface ExecutionNotes {
  /** The catalogue version the resolvers read, if they read it. */
  catalogVersion?: number;
  /** A public catalogue query answered without errors: its answer may be served again from memory. */
  cacheable?: boolean;
}

export interface GraphQLContext {
  upstream: Upstream;
  /** The shopper this request is for: their Authorization header and address, passed on to the API. */
  shopper: Shopper;
  /** The current catalogue (its version checked with the backend once per TTL at most). */
  catalog: () => Promise<Catalog>;
  notes: ExecutionNotes;
  /** Each checkout attempt's outcome, so one attempt makes one order on any backend (shared by all requests). */
  orderAttempts: OrderAttempts;
}
