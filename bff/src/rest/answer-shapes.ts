import { z } from 'zod';
import type { CartData } from '#domain/cart-line';
import { LOW_STOCK_THRESHOLD, stockCountSchema, type LowStock, type StockShortfall } from '#domain/stock';
import { RETURN_KINDS, RETURN_STATUSES } from '#domain/order-life';
import { CATEGORIES, MAX_ORDER_LINES, SUB_CATEGORIES } from '#domain/store-rules';

// What an answer of spec section 7 may look like (docs/decisions/009): only the fields the spec names are
// required, so any backend of that section works; our API's extras are optional. Refusals: upstream.ts.

/**
 * Size → pairs left, for the sizes few are left of (docs/decisions/020). Anything malformed reads as every
 * size in stock: a backend's mistake must not take the product, or the page, away.
 */
const lowStockSchema = z
  .record(z.string(), stockCountSchema('lowStock'))
  .transform((counts): LowStock | undefined => {
    const low = Object.create(null) as Record<string, number>;
    for (const [size, left] of Object.entries(counts)) if (left <= LOW_STOCK_THRESHOLD) low[size] = left;
    return Object.keys(low).length > 0 ? low : undefined;
  })
  .optional()
  .catch(undefined);

// A date may come as milliseconds (the spec's backends) or as text (a JSON-serialised Date).
const millis = z.union([
  z.number(),
  z.string().transform((text) => (/^\d+$/.test(text) ? Number(text) : Date.parse(text))),
]);

/** Read one by one (`readProducts`): a product the store cannot show is left out, not the catalogue. */
export const restProductSchema = z.object({
  _id: z.string().min(1),
  name: z.string().min(1),
  description: z.string().catch(''),
  price: z.number().nonnegative(),
  image: z.array(z.string()).catch([]),
  category: z.enum(CATEGORIES),
  subCategory: z.enum(SUB_CATEGORIES),
  sizes: z.array(z.string()).catch([]),
  bestseller: z.boolean().catch(false),
  date: millis.pipe(z.number()).catch(0),
  lowStock: lowStockSchema,
});
export type RestProduct = z.output<typeof restProductSchema>;
/** A product with the fields of spec section 3 only: what an order's items copy. */
export type ListedProduct = Omit<RestProduct, 'lowStock'>;

export const productListSchema = z.looseObject({ products: z.array(z.unknown()) });

/** The list's products the storefront can show, each id once (the first wins), and how many were left out. */
export function readProducts(items: readonly unknown[]): { products: RestProduct[]; skipped: number } {
  const products: RestProduct[] = [];
  const seen = new Set<string>();
  for (const item of items) {
    const parsed = restProductSchema.safeParse(item);
    if (parsed.success && !seen.has(parsed.data._id)) {
      seen.add(parsed.data._id);
      products.push(parsed.data);
    }
  }
  return { products, skipped: items.length - products.length };
}

/** Register and login: the seed's backend answers `{ success, token }` with no message. */
export const authAnswerSchema = z.looseObject({ token: z.string().min(1), message: z.string().optional() });

/** Our API's profile call; the spec's backends may not have it at all (404). */
export const profileAnswerSchema = z.looseObject({
  user: z.looseObject({
    _id: z.string().min(1),
    name: z.string(),
    email: z
      .string()
      .nullish()
      .transform((email) => email ?? null),
  }),
});
export type RestUser = z.output<typeof profileAnswerSchema>['user'];

// A cart is read into objects without a prototype, so an id such as "__proto__" is only ever data.
export type { CartData };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Only a whole quantity of at least 1 is a line (the seed's backend keeps a line set to 0 as 0).
function parseCartData(value: unknown): CartData {
  const cart = Object.create(null) as CartData;
  if (!isRecord(value)) return cart;
  for (const [productId, sizes] of Object.entries(value)) {
    if (!isRecord(sizes)) continue;
    for (const [size, quantity] of Object.entries(sizes)) {
      if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity <= 0) continue;
      (cart[productId] ??= Object.create(null) as Record<string, number>)[size] = quantity;
    }
  }
  return cart;
}

/** Cart get: a backend that has no cart for the shopper yet may leave cartData out; that is an empty cart. */
export const cartAnswerSchema = z.looseObject({ cartData: z.unknown().optional().transform(parseCartData) });

/** Cart add and update: the spec shows no answer; ours carries the cart, the seed's a message only. */
export const cartWriteAnswerSchema = z.looseObject({
  cartData: z.unknown().transform(parseCartData).optional(),
});

const digits = z.union([z.string(), z.number()]).transform(String);

export const restAddressSchema = z.object({
  firstName: z.string().catch(''),
  lastName: z.string().catch(''),
  email: z.string().catch(''),
  street: z.string().catch(''),
  city: z.string().catch(''),
  state: z.string().catch(''),
  zipcode: digits.catch(''),
  country: z.string().catch(''),
  phone: digits.catch(''),
});

/** The seed's backend stores whatever the client sent: missing fields are filled from the catalogue. */
const restOrderItemSchema = z.object({
  _id: z.string().catch(''),
  name: z.string().optional().catch(undefined),
  price: z.number().optional().catch(undefined),
  quantity: z.number().int().nonnegative().catch(0),
  size: z.string().catch(''),
  image: z.union([z.array(z.string()), z.string().transform((url) => [url])]).catch([]),
});
export type RestOrderItem = z.output<typeof restOrderItemSchema>;

// ---- Beyond section 7: our API's account of an order's life, each part optional and read leniently ----

const statusChangeSchema = z.object({ status: z.string().min(1), at: millis.pipe(z.number()) });

/** A return or exchange request of one line; one that cannot be read is left out, never the order with it. */
const restReturnSchema = z.object({
  _id: z.string().min(1),
  productId: z.string(),
  size: z.string(),
  quantity: z.number().int().positive(),
  kind: z.enum(RETURN_KINDS),
  reason: z.string(),
  exchangeSize: z
    .string()
    .nullish()
    .transform((size) => size ?? null),
  status: z.enum(RETURN_STATUSES),
  requestedAt: millis.pipe(z.number()),
  updatedAt: millis.pipe(z.number()),
});
export type RestReturn = z.output<typeof restReturnSchema>;

const returnsSchema = z.array(z.unknown()).transform((items) =>
  items.flatMap((item) => {
    const parsed = restReturnSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }),
);

export const restOrderSchema = z.object({
  _id: z.string().min(1),
  items: z.array(restOrderItemSchema).catch([]),
  amount: z.number().optional().catch(undefined),
  address: restAddressSchema.optional().catch(undefined),
  status: z.string().catch(''),
  paymentMethod: z.string().catch(''),
  date: millis.pipe(z.number()).catch(0),
  // Absent from a backend of the seed kind: the order then offers no action (orders/order-life.ts).
  reference: z.string().min(1).optional().catch(undefined),
  statusHistory: z.array(statusChangeSchema).min(1).optional().catch(undefined),
  cancellable: z.boolean().optional().catch(undefined),
  returnableUntil: millis.pipe(z.number()).nullable().optional().catch(undefined),
  returns: returnsSchema.optional().catch(undefined),
});
export type RestOrder = z.output<typeof restOrderSchema>;

/** Newest first whatever order they arrive in (the seed's backend sends the oldest first). */
export const ordersAnswerSchema = z.looseObject({ orders: z.array(z.unknown()) }).transform(({ orders }) =>
  orders
    .flatMap((item) => {
      const parsed = restOrderSchema.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    })
    .sort((a, b) => b.date - a.date),
);

/** Our API's cancel and return calls: a message, and the order as `userorders` answers it. */
export const orderLifeAnswerSchema = z.looseObject({
  message: z.string().optional(),
  order: restOrderSchema.optional().catch(undefined),
});

/** Ours answers the order it stored; the seed's backend `{ success, message: 'Order Placed' }`. */
export const placedOrderAnswerSchema = z.looseObject({
  message: z.string().optional(),
  order: restOrderSchema.optional().catch(undefined),
});

// ---- Beyond section 7: our API's catalogue query, when a backend has it (catalog/catalog-access.ts) ----

const countsSchema = z.record(z.string(), z.number().int().nonnegative());

/** `GET /api/product/query`: a page filtered, searched and sorted in the backend's database. */
export const catalogQueryAnswerSchema = z.looseObject({
  products: z.array(z.unknown()),
  total: z.number().int().nonnegative(),
  facets: z.looseObject({ category: countsSchema, subCategory: countsSchema }).optional(),
  nextCursor: z.string().nullable(),
  /** A cursor after each product of the page, so a page can resume after any of them. */
  cursors: z.array(z.string()).optional(),
  /** Changes whenever the catalogue does. */
  version: z.string().min(1),
  /** The origins of the whole catalogue's image URLs, not only this page's. */
  imageOrigins: z.array(z.string()).catch([]),
});
export type CatalogQueryAnswer = z.output<typeof catalogQueryAnswerSchema>;

// ---- Beyond section 7: our API's refusal of an order for stock (409, or 200 under FAILURES_AS_200) ----

const shortfallSchema = z
  .object({
    _id: z.string().min(1),
    name: z.string(),
    size: z.string(),
    requested: z.number().int().positive(),
    left: stockCountSchema('left'),
  })
  .transform(({ _id, name, size, requested, left }): StockShortfall => ({
    productId: _id,
    name,
    size,
    requested,
    left,
  }));

/** A list that cannot be read is none: the refusal and its message still stand. */
export const stockShortfallsSchema = z.array(shortfallSchema).max(MAX_ORDER_LINES).catch([]);
