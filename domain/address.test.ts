import { describe, expect, it } from 'vitest';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from './account.js';
import { deliveryAddressSchema } from './address.js';
import { emailSchema } from './email.js';

const address = {
  firstName: ' Asha ',
  lastName: 'Rao',
  email: ' Asha@Example.COM ',
  street: '12 MG Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipcode: 560001,
  country: 'India',
  phone: '98765-43210',
};

describe('delivery address', () => {
  it('keeps text trimmed, the email lower-cased, and number inputs as digits', () => {
    expect(deliveryAddressSchema.parse(address)).toEqual({
      ...address,
      firstName: 'Asha',
      email: 'asha@example.com',
      zipcode: '560001',
      phone: '9876543210',
    });
  });

  it.each([
    ['firstName', '  ', 'First name is required'],
    ['email', 'asha', 'Please enter a valid email'],
    ['zipcode', '12', 'Zip code must be 3 to 10 digits'],
    ['zipcode', '', 'Zip code is required'],
    ['phone', '12345', 'Phone must be 7 to 15 digits'],
  ])('refuses %s %j with “%s”', (field, value, message) => {
    const result = deliveryAddressSchema.safeParse({ ...address, [field]: value });
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('refuses fields it does not know', () => {
    expect(deliveryAddressSchema.safeParse({ ...address, price: 1 }).success).toBe(false);
  });
});

describe('account fields', () => {
  it('one email rule: trimmed, lower-cased, a valid address', () => {
    expect(emailSchema.parse(' A@B.CO ')).toBe('a@b.co');
    expect(emailSchema.safeParse('a@b').success).toBe(false);
  });

  it(`a new password needs at least ${PASSWORD_MIN_LENGTH} characters`, () => {
    expect(newPasswordSchema.safeParse('x'.repeat(PASSWORD_MIN_LENGTH - 1)).success).toBe(false);
    expect(newPasswordSchema.safeParse('x'.repeat(PASSWORD_MIN_LENGTH)).success).toBe(true);
  });
});
