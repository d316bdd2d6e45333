// The cart as the rest of the storefront uses it; everything else in this folder is the cart's own.
export type { CartActorRef } from './cart-actor';
export { useCartActor } from './cart-context';
export { CartProvider } from './cart-provider';
export { CartTotalsPanel } from './cart-totals-panel';
export { lineTotal } from './line-total';
export { ProductsFailedNotice } from './products-failed-notice';
export { useAddToCart } from './use-add-to-cart';
export { useCartItemCount, useSetLineQuantity } from './use-cart';
export { useCartView, type CartLineView, type CartView } from './use-cart-view';
