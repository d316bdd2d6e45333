import type { CategoryCount, ProductSort, TypeCount } from '../generated/resolvers-types.js';
import type { CatalogProduct } from './product.js';
import type { ParsedFilter } from './list-rules.js';

// The catalogue as the resolvers read it, one version at a time. Two implementations: the whole list held in
// memory (list-catalog.ts, for a backend that speaks only spec section 7) and the backend's catalogue query
// (query-catalog.ts, ours), which keeps the BFF's cost per request flat however large the catalogue grows.

export interface ProductPageRequest {
  filter: ParsedFilter;
  sort: ProductSort;
  first: number;
  after: string | null | undefined;
}

export interface ProductEdgeModel {
  cursor: string;
  node: CatalogProduct;
}

export interface ProductFacetsModel {
  categories: CategoryCount[];
  types: TypeCount[];
}

export interface ProductPage {
  edges: ProductEdgeModel[];
  hasNextPage: boolean;
  /** Products matching the filter, over all pages. */
  totalCount: number;
  facets: ProductFacetsModel;
}

export interface Catalog {
  /** Changes whenever the catalogue does: answers and pages computed from one version are kept until the next. */
  readonly version: number;
  page(request: ProductPageRequest): Promise<ProductPage>;
  /** The products with these ids that the catalogue has, in the catalogue's own order. */
  find(ids: readonly string[]): Promise<ReadonlyMap<string, CatalogProduct>>;
  /** Products of the same category and type, never this one, in the catalogue's order. */
  related(product: CatalogProduct, limit: number): Promise<CatalogProduct[]>;
  /** The newest products first. */
  latest(limit: number): Promise<CatalogProduct[]>;
  /**
   * Whether the back office removed the product with this id (it is not in the catalogue, and once was), as against
   * one that never existed: its page answers 410 Gone. Absent on a backend that cannot tell (section 7's list).
   */
  removed?(id: string): Promise<boolean>;
  /** The http(s) origins the catalogue's image URLs name, for the pages' Content-Security-Policy. */
  imageOrigins(): readonly string[];
}

export interface CatalogSource {
  /** The current catalogue: from memory within the TTL, else revalidated with the backend (one call for all waiters). */
  get(): Promise<Catalog>;
}
