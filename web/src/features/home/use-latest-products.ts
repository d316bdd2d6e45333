import { useQuery } from '@apollo/client/react';
import { LATEST_COLLECTION_SIZE } from '#domain/store-rules';
import { type LatestProductsQuery } from '../../graphql/generated/graphql';
import { LatestProductsDocument } from './generated/documents';

export interface LatestProductsView {
  products: LatestProductsQuery['latestProducts'] | undefined;
  /** The load failed and nothing is cached to show instead. */
  failed: boolean;
}

/** Home's Latest Collections: the newest products, rendered with the page on the server. */
export function useLatestProducts(): LatestProductsView {
  const { data, error } = useQuery(LatestProductsDocument, { variables: { limit: LATEST_COLLECTION_SIZE } });
  return { products: data?.latestProducts, failed: error !== undefined && data === undefined };
}
