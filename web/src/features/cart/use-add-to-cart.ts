import { useCallback } from 'react';
import { showToast } from '../../shared/toasts';
import { useCartActor } from './cart-context';

// The product page's ADD TO CART. The cart machine refuses a missing size with 'Select product size!' itself.
export function useAddToCart(): (productId: string, size: string) => void {
  const cart = useCartActor();
  return useCallback(
    (productId: string, size: string) => {
      cart.send({ type: 'cart.itemAdded', itemId: productId, size });
      if (productId !== '' && size.trim() !== '') showToast('success', 'Added to cart');
    },
    [cart],
  );
}
