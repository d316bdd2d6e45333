import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { keepStorageForTheCart } from '../../shared/offline-support';
import { preloadPage } from '../../shared/page-chunks';
import { showToast } from '../../shared/toasts';
import { useCartActor } from './cart-context';

// The product page's ADD TO CART. The cart machine refuses a missing size with 'Select product size!' itself.
export function useAddToCart(): (productId: string, size: string) => void {
  const cart = useCartActor();
  const navigate = useNavigate();
  return useCallback(
    (productId: string, size: string) => {
      cart.send({ type: 'cart.itemAdded', itemId: productId, size });
      if (productId === '' || size.trim() === '') return;
      // The cart's chunk comes while the toast is read, so "View cart" shows the cart at once.
      void preloadPage('/cart');
      keepStorageForTheCart();
      showToast('success', 'Added to cart', { label: 'View cart', onClick: () => void navigate('/cart') });
    },
    [cart, navigate],
  );
}
