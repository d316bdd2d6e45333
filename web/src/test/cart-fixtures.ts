import { serializeCartLog, type CartEvent } from '#machines/cart/cart-events';
import { CART_STORAGE_KEY } from '../features/cart/cart-storage';
import { CART_PRODUCTS_PAGE, type CartProduct } from '../features/cart/use-cart-view';
import { CartProductsDocument, NavViewerDocument, ServerCartDocument } from '../graphql/generated/graphql';
import { answer, type GraphQLMock } from './graphql-mock';

export interface Line {
  productId: string;
  size: string;
  quantity: number;
}

export function cartProduct(id: string, name: string, price: number, images: string[] = [`/images/${id}.svg`]): CartProduct {
  return { __typename: 'Product', id, name, price, images };
}

/** A guest's cart as a stored log, as if added on an earlier visit (all of it pending, nothing synced). */
export function storeGuestCart(lines: readonly Line[]): void {
  const events: CartEvent[] = lines.map((line, index) => ({
    type: 'quantitySet',
    id: `seed-${index}`,
    at: 0,
    itemId: line.productId,
    size: line.size,
    quantity: line.quantity,
  }));
  window.localStorage.setItem(CART_STORAGE_KEY, serializeCartLog({ events, synced: 0 }));
}

/** The catalogue's answer for the cart's products (ids sorted, as the cart asks). */
export function cartProductsAnswer(ids: readonly string[], nodes: CartProduct[]): GraphQLMock {
  return answer(
    CartProductsDocument,
    { ids: [...ids].sort(), first: CART_PRODUCTS_PAGE },
    { products: { __typename: 'ProductConnection', nodes } },
  );
}

export function serverCartAnswer(lines: readonly Line[], gate?: Promise<void>): GraphQLMock {
  return answer(
    ServerCartDocument,
    {},
    { cart: { __typename: 'Cart', lines: lines.map((line) => ({ __typename: 'CartLine' as const, ...line })) } },
    gate,
  );
}

/** The nav's "who is signed in" (logged only, but answered to keep the test output clean). */
export const viewerAnswer: GraphQLMock = answer(NavViewerDocument, {}, { me: { __typename: 'User', id: 'u1', name: 'Asha' } });
