import { z } from 'zod';
import { MAX_PRODUCT_ID_LENGTH, MAX_PRODUCT_SIZES, MAX_SIZE_LENGTH } from '#domain/cart-line';
import type { LowStock } from '#domain/stock';
import { CATEGORIES, SUB_CATEGORIES } from '#domain/store-rules';

/** A product id as carts, orders and links carry it. */
export const PRODUCT_ID_PATTERN = new RegExp(`^[A-Za-z0-9_-]{1,${MAX_PRODUCT_ID_LENGTH}}$`);

// One catalogue row as the REST contract shows it (spec section 3), validated the same for the seed and for imports.
export const productSchema = z
  .object({
    _id: z.string().regex(PRODUCT_ID_PATTERN, `must be 1–${MAX_PRODUCT_ID_LENGTH} letters, digits, - or _`),
    name: z.string().trim().min(1, 'is required').max(120),
    description: z.string().trim().min(1, 'is required').max(2000),
    price: z
      .number()
      .positive('must be above 0')
      .max(10_000_000)
      .multipleOf(0.01, 'has more than 2 decimals'),
    image: z.array(z.string().min(1).max(500)).min(1, 'needs at least one URL').max(8),
    category: z.enum(CATEGORIES, { error: `must be one of ${CATEGORIES.join(', ')}` }),
    subCategory: z.enum(SUB_CATEGORIES, { error: `must be one of ${SUB_CATEGORIES.join(', ')}` }),
    sizes: z
      .array(z.string().trim().min(1).max(MAX_SIZE_LENGTH))
      .min(1, 'needs at least one size')
      .max(MAX_PRODUCT_SIZES),
    bestseller: z.boolean().default(false),
    date: z.number().int().positive(),
  })
  .strict();

/** A catalogue product; `lowStock` is the optional stock enrichment of our answers, never read from an import row. */
export type Product = z.output<typeof productSchema> & { lowStock?: LowStock };
