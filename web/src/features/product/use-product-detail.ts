import { useQuery } from '@apollo/client/react';
import { RELATED_PRODUCTS_LIMIT } from '#domain/store-rules';
import { type ProductDetailQuery } from '../../graphql/generated/graphql';
import { ProductDetailDocument } from './generated/documents';
import { readGraphQLError } from '../../graphql/graphql-error';
import { retryWith } from '../../shared/load-failed';

export type DetailedProduct = NonNullable<ProductDetailQuery['product']>;

export interface ProductDetailView {
  product: DetailedProduct | undefined;
  loading: boolean;
  /** Why the product could not be loaded; undefined when loaded, loading, or not in the catalogue. */
  failure: string | undefined;
  retry: () => void;
}

/** A product page's product with its related products (RELATED_PRODUCTS_LIMIT of them). */
export function useProductDetail(productId: string): ProductDetailView {
  const { data, loading, error, refetch } = useQuery(ProductDetailDocument, {
    variables: { id: productId, relatedLimit: RELATED_PRODUCTS_LIMIT },
  });
  return {
    product: data?.product ?? undefined,
    loading,
    failure: error ? readGraphQLError(error).message : undefined,
    retry: retryWith(refetch),
  };
}
