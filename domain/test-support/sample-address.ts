import type { DeliveryAddress, DeliveryAddressField } from '../address.js';

// The one delivery address the tests order to (API, BFF, section 7, web and browser tests), and the checkout form's
// label of each field as a shopper reads it (web/src/features/place-order/delivery-fields.tsx).

export const VALID_ADDRESS = {
  firstName: 'Asha',
  lastName: 'Rao',
  email: 'asha@example.com',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: '560001',
  country: 'India',
  phone: '9876543210',
} as const satisfies DeliveryAddress;

export const ADDRESS_LABELS: Record<DeliveryAddressField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email address',
  street: 'Street',
  city: 'City',
  state: 'State',
  zipcode: 'Zip code',
  country: 'Country',
  phone: 'Phone',
};
