import { cartSubtotal, cartTotal, DELIVERY_FEE, roundMoney } from '../../../domain/store-rules.js';
import type { CatalogProduct } from '../catalog/product.js';
import type { CartData } from '../rest/section7.js';

/** One cart line (the codegen mapper of `CartLine`). */
export interface CartLineModel {
  productId: string;
  size: string;
  quantity: number;
  product: CatalogProduct | null;
  lineTotal: number;
}

/** The shopper's cart with its totals (the codegen mapper of `Cart`). */
export interface CartModel {
  lines: CartLineModel[];
  count: number;
  subtotal: number;
  deliveryFee: number;
  total: number;
}

const collator = new Intl.Collator('en', { numeric: true });

// Lines by product name (missing products last, by id), then by the shoe's own size order, so the cart does not
// reshuffle when one line changes.
function compareLines(a: CartLineModel, b: CartLineModel): number {
  if (a.productId !== b.productId) {
    if (a.product && b.product) return collator.compare(a.product.name, b.product.name) || (a.productId < b.productId ? -1 : 1);
    if (a.product || b.product) return a.product ? -1 : 1;
    return a.productId < b.productId ? -1 : 1;
  }
  const sizes = a.product?.sizes ?? [];
  const ia = sizes.indexOf(a.size);
  const ib = sizes.indexOf(b.size);
  if (ia >= 0 && ib >= 0) return ia - ib;
  if (ia >= 0 || ib >= 0) return ia >= 0 ? -1 : 1;
  return collator.compare(a.size, b.size);
}

/** The REST `cartData` map as the screens want it: sorted lines, each with its product, and the spec's totals. */
export function buildCart(cartData: CartData, products: ReadonlyMap<string, CatalogProduct>): CartModel {
  const lines: CartLineModel[] = [];
  for (const [productId, sizes] of Object.entries(cartData)) {
    const product = products.get(productId) ?? null;
    for (const [size, quantity] of Object.entries(sizes)) {
      if (quantity <= 0) continue;
      lines.push({ productId, size, quantity, product, lineTotal: product ? roundMoney(product.price * quantity) : 0 });
    }
  }
  lines.sort(compareLines);
  const subtotal = cartSubtotal(lines.map((line) => ({ price: line.product?.price ?? 0, quantity: line.quantity })));
  return {
    lines,
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal,
    deliveryFee: DELIVERY_FEE,
    total: cartTotal(subtotal),
  };
}
