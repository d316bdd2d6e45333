import { z } from 'zod';
import { CATEGORIES, SUB_CATEGORIES } from '../../../domain/store-rules.js';

// The REST answers as the BFF reads them (README "The REST API"). Loose objects: a field the API adds later
// must not take the store down, while a missing or mistyped one the screens need is an UPSTREAM_ERROR.

export const restProductSchema = z.looseObject({
  _id: z.string().min(1),
  name: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  image: z.array(z.string()),
  category: z.enum(CATEGORIES),
  subCategory: z.enum(SUB_CATEGORIES),
  sizes: z.array(z.string()),
  bestseller: z.boolean().default(false),
  date: z.number(),
});
export type RestProduct = z.output<typeof restProductSchema>;

export const productListSchema = z.looseObject({ success: z.literal(true), products: z.array(restProductSchema) });

export const authAnswerSchema = z.looseObject({ success: z.literal(true), token: z.string().min(1), message: z.string() });

export const profileAnswerSchema = z.looseObject({
  success: z.literal(true),
  user: z.looseObject({ _id: z.string().min(1), name: z.string(), email: z.string().nullable() }),
});
export type RestUser = z.output<typeof profileAnswerSchema>['user'];

/** product id → size → quantity. */
export const cartDataSchema = z.record(z.string(), z.record(z.string(), z.number().int().nonnegative()));
export type CartData = z.output<typeof cartDataSchema>;

export const cartAnswerSchema = z.looseObject({ success: z.literal(true), cartData: cartDataSchema });

const digits = z.union([z.string(), z.number()]).transform(String);

export const restAddressSchema = z.looseObject({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipcode: digits,
  country: z.string(),
  phone: digits,
});

export const restOrderSchema = z.looseObject({
  _id: z.string().min(1),
  items: z.array(
    z.looseObject({
      _id: z.string(),
      name: z.string(),
      price: z.number(),
      quantity: z.number().int(),
      size: z.string(),
      image: z.array(z.string()).default([]),
    }),
  ),
  amount: z.number(),
  address: restAddressSchema,
  status: z.string(),
  paymentMethod: z.string(),
  date: z.number(),
});
export type RestOrder = z.output<typeof restOrderSchema>;

export const ordersAnswerSchema = z.looseObject({ success: z.literal(true), orders: z.array(restOrderSchema) });

export const placedOrderAnswerSchema = z.looseObject({ success: z.literal(true), message: z.string(), order: restOrderSchema });
