import { CANCELLED_STATUS } from '#domain/back-office';
import { isOpenReturn } from '#domain/order-life';
import type { MyOrdersQuery } from '../../graphql/generated/graphql';

type Order = MyOrdersQuery['myOrders'][number];
type Item = Order['items'][number];
export type OrderReturn = Order['returns'][number];
export type StatusChange = Order['statusHistory'][number];

/** One row of MY ORDERS: an ordered item with its order's reference, total, date, status and story. */
export interface OrderItemRow extends Pick<
  Item,
  'productId' | 'name' | 'price' | 'quantity' | 'size' | 'image' | 'exchangeSizes'
> {
  key: string;
  orderId: string;
  reference: string;
  /** The order's total (items and delivery). */
  total: number;
  placedAt: string;
  paymentMethod: string;
  status: string;
  cancelled: boolean;
  statusHistory: readonly StatusChange[];
  /** The store lets the shopper cancel the order now. */
  cancellable: boolean;
  /** The last moment to ask for a return or exchange, ISO; null when the order cannot be returned. */
  returnableUntil: string | null;
  /** This line's return and exchange requests, oldest first. */
  returns: readonly OrderReturn[];
  /** Pairs of this line not yet in an open request: a request may still ask for them. */
  pairsLeftToReturn: number;
}

/** One row per ordered item, newest order first (the BFF sends them so; sorting again costs nothing). */
export function orderRows(orders: readonly Order[]): OrderItemRow[] {
  return [...orders]
    .sort((a, b) => Date.parse(b.placedAt) - Date.parse(a.placedAt))
    .flatMap((order) =>
      order.items.map((item, index) => {
        const returns = order.returns.filter(
          (request) => request.productId === item.productId && request.size === item.size,
        );
        const held = returns
          .filter((request) => isOpenReturn(statusName(request.status)))
          .reduce((sum, r) => sum + r.quantity, 0);
        return {
          key: `${order.id}:${index}`,
          orderId: order.id,
          reference: order.reference,
          total: order.amount,
          productId: item.productId,
          name: item.name,
          price: item.price,
          quantity: item.quantity,
          size: item.size,
          image: item.image,
          exchangeSizes: item.exchangeSizes,
          placedAt: order.placedAt,
          paymentMethod: order.paymentMethod,
          status: order.status,
          cancelled: order.status === CANCELLED_STATUS,
          statusHistory: order.statusHistory,
          cancellable: order.cancellable,
          returnableUntil: order.returnableUntil ?? null,
          returns,
          pairsLeftToReturn: Math.max(0, item.quantity - held),
        };
      }),
    );
}

/** The schema's status (REQUESTED) as the store's rules name it (Requested). */
export function statusName(status: OrderReturn['status']): string {
  return status.charAt(0) + status.slice(1).toLowerCase();
}

/** "Return requested", "Exchange approved — size 9": a request's state in a few words. */
export function returnStateText(request: Pick<OrderReturn, 'kind' | 'status' | 'exchangeSize'>): string {
  const kind = request.kind === 'EXCHANGE' ? 'Exchange' : 'Return';
  const size =
    request.kind === 'EXCHANGE' && request.exchangeSize !== null ? ` — size ${request.exchangeSize}` : '';
  return `${kind} ${statusName(request.status).toLowerCase()}${size}`;
}

/** True while the shopper may still ask for a return or exchange of this row (the store checks again). */
export function mayAskReturn(row: OrderItemRow, now: number): boolean {
  return row.returnableUntil !== null && now <= Date.parse(row.returnableUntil) && row.pairsLeftToReturn > 0;
}
