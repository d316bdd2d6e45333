// Spec section 3's address with section 5's checks: the API enforces them, the checkout statechart shows them inline.
// zod/mini keeps the web bundle small; the API embeds these schemas in its classic-zod request bodies.
import * as z from 'zod/mini';
import { emailSchema } from './email.js';
import { oneLineText } from './plain-text.js';

// Number inputs in the form arrive as strings or numbers; both are accepted and kept as digits.
const digits = (label: string, pattern: RegExp, hint: string) =>
  z.pipe(
    z.pipe(
      z.union([z.string(), z.number().check(z.int(), z.nonnegative())], { error: `${label} is required` }),
      z.transform((value: string | number) => String(value).replace(/[\s-]/g, '')),
    ),
    z.string().check(z.minLength(1, `${label} is required`), z.regex(pattern, hint)),
  );

export const deliveryAddressSchema = z.strictObject({
  firstName: oneLineText('First name', 60),
  lastName: oneLineText('Last name', 60),
  email: emailSchema,
  street: oneLineText('Street', 200),
  city: oneLineText('City', 80),
  state: oneLineText('State', 80),
  zipcode: digits('Zip code', /^\d{3,10}$/, 'Zip code must be 3 to 10 digits'),
  country: oneLineText('Country', 80),
  phone: digits('Phone', /^\+?\d{7,15}$/, 'Phone must be 7 to 15 digits'),
});

export type DeliveryAddress = z.output<typeof deliveryAddressSchema>;

/** The form's fields, in the order the form shows them. */
export const DELIVERY_ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'street',
  'city',
  'state',
  'zipcode',
  'country',
  'phone',
] as const satisfies ReadonlyArray<keyof DeliveryAddress>;

export type DeliveryAddressField = (typeof DELIVERY_ADDRESS_FIELDS)[number];
