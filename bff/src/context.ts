import type { Catalog } from './catalog/catalog.js';
import type { ExecutionNotes } from './graphql/response-cache.js';
import type { OrderAttempts } from './orders/order-attempts.js';
import type { ShopperApi } from './rest/shopper-api.js';

export interface GraphQLContext {
  store: ShopperApi;
  catalog: () => Promise<Catalog>;
  notes: ExecutionNotes;
  /** Shared by all requests. */
  orderAttempts: OrderAttempts;
  /** A data: URL, or null while the optimizer has not seen the image. */
  imagePlaceholder: (src: string) => string | null;
}
