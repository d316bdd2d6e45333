import { skipToken, useQuery } from '@apollo/client/react';
import { useMemo, useState } from 'react';
import { priceCart, type CartTotals } from '#machines/cart/cart-totals';
import { type CartProductsQuery } from '../../graphql/generated/graphql';
import { CartProductsDocument } from './generated/documents';
import { useCartData } from './use-cart';

export type CartProduct = CartProductsQuery['products']['nodes'][number];

/** The catalogue is asked for at most this many products at once; a cart has far fewer distinct products. */
export const CART_PRODUCTS_PAGE = 100;

export type CartLineView = CartTotals['lines'][number] & {
  /** 'loading' until the catalogue answers; 'missing' when it has no such product any more. */
  product: CartProduct | 'loading' | 'missing';
};

export interface CartView {
  lines: CartLineView[];
  totals: CartTotals;
  /** The catalogue has answered for every line, so the totals are final. */
  ready: boolean;
  /** The catalogue could not be asked (the error was already toasted); `retry` asks again. */
  failed: boolean;
  retry: () => void;
}

/** The cart's lines with name, price and image from the catalogue, and its totals (spec sections 2 and 5). */
export function useCartView(): CartView {
  const cart = useCartData();
  // Sorted, so the same products make the same query whatever order the lines were added in.
  const ids = useMemo(() => Object.keys(cart).sort(), [cart]);
  // Removing a line must not ask the catalogue again: the products already asked for stay asked for, and a
  // new query goes out only when the cart holds a product outside them.
  const [requested, setRequested] = useState(ids);
  if (!ids.every((id) => requested.includes(id))) setRequested(ids);
  const { data, previousData, loading, error, refetch } = useQuery(
    CartProductsDocument,
    // Asked anew on each visit of the cart and checkout: a size may have sold out since (the cached answer
    // shows meanwhile).
    requested.length === 0
      ? skipToken
      : { variables: { ids: requested, first: CART_PRODUCTS_PAGE }, fetchPolicy: 'cache-and-network' },
  );
  // While a changed set of products loads, the lines already known keep their details instead of flickering.
  const nodes = (data ?? previousData)?.products.nodes;
  const products = useMemo(() => new Map(nodes?.map((product) => [product.id, product])), [nodes]);
  const answered = data !== undefined && !loading;

  const totals = priceCart(cart, (id) => products.get(id)?.price);
  const lines = totals.lines.map((line): CartLineView => {
    const product = products.get(line.itemId);
    if (product) return { ...line, product };
    return { ...line, product: answered ? 'missing' : 'loading' };
  });
  return {
    lines,
    totals,
    ready: ids.length === 0 || (answered && ids.every((id) => requested.includes(id))),
    failed: error !== undefined && !loading,
    retry: () => void refetch(),
  };
}
