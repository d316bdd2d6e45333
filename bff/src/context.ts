import type { Catalog } from './catalog/catalog.js';
import type { ExecutionNotes } from './graphql/response-cache.js';
import type { OrderAttempts } from './orders/order-attempts.js';
import type { ShopperApi } from './rest/shopper-api.js';

export interface GraphQLContext {
  /** The store's REST calls for this request's shopper: their Authorization header and address go to the API. */
  store: ShopperApi;
  /** The current catalogue (its version checked with the backend once per TTL at most). */
  catalog: () => Promise<Catalog>;
  /** What the response cache needs to know about this execution (response-cache.ts). */
  notes: ExecutionNotes;
  /** Each checkout attempt's outcome, so one attempt makes one order on any backend (shared by all requests). */
  orderAttempts: OrderAttempts;
  /** A catalogue image's tiny placeholder (a data: URL), or null while the optimizer has not seen the image. */
  imagePlaceholder: (src: string) => string | null;
}
