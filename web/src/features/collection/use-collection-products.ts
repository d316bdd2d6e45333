import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { readGraphQLError } from '../../graphql/graphql-error';
import { retryWith } from '../../shared/load-failed';
import { type CollectionProductsQuery } from '../../graphql/generated/graphql';
import { CollectionProductsDocument } from './generated/documents';
import { type CollectionParams, toProductFilter } from './collection-params';
import { useKeptView } from './offline/use-kept-view';

export const PAGE_SIZE = 24;

type Connection = CollectionProductsQuery['products'];
export type CollectionProduct = Connection['nodes'][number];
export type CollectionFacets = Connection['facets'];

export interface CollectionProducts {
  products: CollectionProduct[] | undefined;
  totalCount: number | undefined;
  facets: CollectionFacets | undefined;
  hasNextPage: boolean;
  loadingMore: boolean;
  /** Why the first page could not be loaded, as the shopper should read it. */
  error: { message: string } | undefined;
  /** The store could not be reached: the products are those seen on this device, and this says so. */
  keptNotice?: string;
  loadMore: () => void;
  retry: () => void;
}

/**
 * The products of the view, first page and every page "Load more" appended: the cache's `products` field
 * policy (apollo-client.ts) merges a page fetched with `after` into the view's entry, so this reads one list.
 */
export function useCollectionProducts(view: CollectionParams): CollectionProducts {
  const { data, error, networkStatus, fetchMore, refetch } = useQuery(CollectionProductsDocument, {
    variables: { filter: toProductFilter(view), sort: view.sort, first: PAGE_SIZE },
  });

  const failure = error ? readGraphQLError(error) : undefined;
  const kept = useKeptView(view, failure?.unreachable === true, refetch);
  const connection = data?.products;
  const endCursor = connection?.pageInfo.endCursor;
  const hasNextPage = connection?.pageInfo.hasNextPage ?? false;
  // The page after this cursor has been asked for. Busy from the tap itself: on a first visit the fetch waits
  // for the client's code, and the query's own status says nothing until then.
  const [askedAfter, setAskedAfter] = useState<string | undefined>();
  const loadingMore =
    networkStatus === NetworkStatus.fetchMore || (askedAfter !== undefined && askedAfter === endCursor);

  const loadMore = () => {
    if (!endCursor || !hasNextPage || loadingMore) return;
    setAskedAfter(endCursor);
    // A failure has been logged and toasted by the client; the button offers the same page again.
    fetchMore({ variables: { after: endCursor } })
      .catch(() => undefined)
      .finally(() => setAskedAfter(undefined));
  };

  const shown = {
    products: connection?.nodes,
    totalCount: connection?.totalCount,
    facets: connection?.facets,
    hasNextPage,
    loadingMore,
    error: failure,
    loadMore,
    retry: retryWith(refetch),
  };
  if (!kept) return shown;
  const { products, facets, notice } = kept;
  return {
    ...shown,
    products,
    totalCount: products.length,
    facets,
    hasNextPage: false,
    error: undefined,
    keptNotice: notice,
  };
}
