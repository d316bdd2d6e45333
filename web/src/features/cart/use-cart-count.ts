import { useCartItemCount } from './use-cart';

// The nav badge: the sum of all quantities above 0 (spec section 5).
export function useCartCount(): number {
  return useCartItemCount();
}
