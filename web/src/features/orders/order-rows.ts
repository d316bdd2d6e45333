import type { MyOrdersQuery } from '../../graphql/generated/graphql';

type Order = MyOrdersQuery['myOrders'][number];
type Item = Order['items'][number];

/** One row of MY ORDERS: an ordered item with its order's date, payment method and status. */
export interface OrderItemRow extends Pick<Item, 'name' | 'price' | 'quantity' | 'size' | 'image'> {
  key: string;
  orderId: string;
  placedAt: string;
  paymentMethod: string;
  status: string;
}

/** One row per ordered item, newest order first (the BFF sends them so; sorting again costs nothing). */
export function orderRows(orders: readonly Order[]): OrderItemRow[] {
  return [...orders]
    .sort((a, b) => Date.parse(b.placedAt) - Date.parse(a.placedAt))
    .flatMap((order) =>
      order.items.map((item, index) => ({
        key: `${order.id}:${index}`,
        orderId: order.id,
        name: item.name,
        price: item.price,
        quantity: item.quantity,
        size: item.size,
        image: item.image,
        placedAt: order.placedAt,
        paymentMethod: order.paymentMethod,
        status: order.status,
      })),
    );
}
