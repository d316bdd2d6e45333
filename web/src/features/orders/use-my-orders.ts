import { NetworkStatus } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { type MyOrdersQuery } from '../../graphql/generated/graphql';
import { MyOrdersDocument } from './generated/documents';
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
    // Each load asks anew: one still on its way may have been read before an order was placed (a kept order sent
    // as the connection came back, while the `online` retry was out), and joining it would miss that order.
    context: { silent: true, queryDeduplication: false },
  });
  const failed = error !== undefined;
  // Failed for want of a network: asked again as soon as the browser has one.
  useEffect(() => {
    if (!failed) return;
    const retry = () => void refetch().catch(() => undefined);
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, refetch]);
  return {
    orders: data?.myOrders,
    failed,
    refreshing: networkStatus === NetworkStatus.refetch,
    refresh: retryWith(refetch),
  };
}
