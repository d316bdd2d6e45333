import type { LowStock } from '#domain/stock';
import { serializeCartLog, type CartEvent } from '#machines/cart/cart-events';
import { CART_STORAGE_KEY } from '../features/cart/cart-storage';
import { CART_PRODUCTS_PAGE, type CartProduct } from '../features/cart/use-cart-view';
import { CartProductsDocument, ServerCartDocument } from '../features/cart/generated/documents';
import { NavViewerDocument } from '../app/nav/generated/documents';
import { stockOf } from './fixtures';
import { answer, type GraphQLMock } from './graphql-mock';

export interface Line {
  productId: string;
  size: string;
  quantity: number;
}

/** The sizes the cart tests' products come in. */
export const FIXTURE_SIZES = ['UK 5', 'UK 6', 'UK 7', 'UK 8', 'UK 9', 'UK 10'];

/** A cart line's product: every size in stock but those `lowStock` names (pairs left; 0: sold out). */
export function cartProduct(
  id: string,
  name: string,
  price: number,
  { images = [`/images/${id}.svg`], lowStock = {} }: { images?: string[]; lowStock?: LowStock } = {},
): CartProduct {
  return { __typename: 'Product', id, name, price, images, stock: stockOf(FIXTURE_SIZES, lowStock) };
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
    {
      cart: {
        __typename: 'Cart',
        lines: lines.map((line) => ({ __typename: 'CartLine' as const, ...line })),
      },
    },
    gate,
  );
}

/** The nav's "who is signed in" (logged only, but answered to keep the test output clean). */
export const viewerAnswer: GraphQLMock = answer(
  NavViewerDocument,
  {},
  { me: { __typename: 'User', id: 'u1', name: 'Asha' } },
);
