import type { CategoryCount, ProductSort, TypeCount } from '../generated/resolvers-types.js';
import type { CatalogProduct } from './product.js';
import type { ParsedFilter } from './list-rules.js';

// The catalogue the resolvers read, one version at a time: list-catalog.ts or query-catalog.ts.

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
  /** Over all pages. */
  totalCount: number;
  facets: ProductFacetsModel;
}

export interface Catalog {
  /** Answers and pages computed from one version are kept until the next. */
  readonly version: number;
  page(request: ProductPageRequest): Promise<ProductPage>;
  /** In the catalogue's own order. */
  find(ids: readonly string[]): Promise<ReadonlyMap<string, CatalogProduct>>;
  /** Products of the same category and type, never this one, in the catalogue's order. */
  related(product: CatalogProduct, limit: number): Promise<CatalogProduct[]>;
  latest(limit: number): Promise<CatalogProduct[]>;
  /** Removed, as against never there: its page answers 410 Gone. Absent where the backend cannot tell. */
  removed?(id: string): Promise<boolean>;
  /** For the pages' Content-Security-Policy. */
  imageOrigins(): readonly string[];
}

export interface CatalogSource {
  get(): Promise<Catalog>;
}
