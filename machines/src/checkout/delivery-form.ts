// The delivery form of /place-order, checked with the same schema the API enforces (domain/address.ts).
import {
  DELIVERY_ADDRESS_FIELDS,
  deliveryAddressSchema,
  type DeliveryAddress,
  type DeliveryAddressField,
} from '#domain/address';
import { firstIssuePerField, type FieldErrors } from '../field-errors.js';

/** What the inputs hold: text, including the number inputs (zip code, phone). */
export type DeliveryForm = Record<DeliveryAddressField, string>;

export const EMPTY_DELIVERY_FORM: DeliveryForm = {
  firstName: '',
  lastName: '',
  email: '',
  street: '',
  city: '',
  state: '',
  zipcode: '',
  country: '',
  phone: '',
};

export type DeliveryCheck =
  { ok: true; address: DeliveryAddress } | { ok: false; fieldErrors: FieldErrors<DeliveryAddressField> };

export function checkDeliveryForm(form: DeliveryForm): DeliveryCheck {
  const parsed = deliveryAddressSchema.safeParse(form);
  if (parsed.success) return { ok: true, address: parsed.data };
  return { ok: false, fieldErrors: firstIssuePerField(parsed.error.issues, DELIVERY_ADDRESS_FIELDS) };
}
