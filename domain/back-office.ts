// The shop's back office (the lineage's admin contract): its order statuses and the paths only an administrator may
// call, shared by the API (which serves them) and the BFF (which refuses to pass them on unless told to).
import { FIRST_ORDER_STATUS } from './store-rules.js';

/** The lineage's statuses an order moves through, in order; the spec shows them "as received". */
export const FULFILMENT_STATUSES = [
  FIRST_ORDER_STATUS,
  'Packing',
  'Shipped',
  'Out for delivery',
  'Delivered',
] as const;
/** An order stopped before it shipped: its pairs went back to stock, and nothing moves it again. */
export const CANCELLED_STATUS = 'Cancelled';
/** Every status an order can have: the lineage's, and ours for a cancelled order. */
export const ORDER_STATUSES = [...FULFILMENT_STATUSES, CANCELLED_STATUS] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function isOrderStatus(value: string): value is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(value);
}

/**
 * The admin contract's calls, and our stock calls beside them. `POST /api/product/single` is public, as the
 * lineage's is (the list shows as much).
 */
export const ADMIN_PATHS = {
  login: '/api/user/admin',
  listOrders: '/api/order/list',
  orderStatus: '/api/order/status',
  /** `{ status?, limit?, cursor? }` → the return and exchange requests, newest first. */
  listReturns: '/api/order/returns',
  /** `{ returnId, action }` → the request moved as RETURN_ACTIONS says. */
  returnStatus: '/api/order/return/status',
  addProduct: '/api/product/add',
  removeProduct: '/api/product/remove',
  /** `{ productId, size, count }` (count: pairs on hand, or null to stop counting) → the product's counts. */
  setStock: '/api/product/stock',
  /** `{}` or `{ threshold }` → the counted sizes with at most that many pairs left, lowest first. */
  lowStock: '/api/product/stock/low',
} as const;

/** The file fields of `POST /api/product/add`, in the order the product's images take. */
export const PRODUCT_IMAGE_FIELDS = ['image1', 'image2', 'image3', 'image4'] as const;
