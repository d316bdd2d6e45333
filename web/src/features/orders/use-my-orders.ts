import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { MyOrdersDocument, type MyOrdersQuery } from '../../graphql/generated/graphql';
import { retryWith } from '../../shared/load-failed';

export interface MyOrdersView {
  orders: MyOrdersQuery['myOrders'] | undefined;
  failed: boolean;
  /** Asked again (Track Order, Try again) while the previous list stays shown. */
  refreshing: boolean;
  refresh: () => void;
}

/**
 * The signed-in shopper's orders, always from the server: they change on their own (status updates), and a
 * cache must never show the previous shopper's. A failure is only logged (spec §8) and said inline.
 */
export function useMyOrders(): MyOrdersView {
  const { data, error, networkStatus, refetch } = useQuery(MyOrdersDocument, {
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
    context: { silent: true },
  });
  return {
    orders: data?.myOrders,
    failed: error !== undefined,
    refreshing: networkStatus === NetworkStatus.refetch,
    refresh: retryWith(refetch),
  };
}
