import { describe, expect, it } from 'vitest';
import { accountNameSchema, newPasswordSchema, PASSWORD_MIN_LENGTH } from './account.js';
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
    // Control characters (a terminal acts on them; one line has no tab or newline), text direction controls, and
    // values with nothing visible.
    ['street', '12 MG Road\u001b[2K', 'Street cannot contain control characters'],
    ['city', 'Bengaluru\u0007', 'City cannot contain control characters'],
    ['state', 'Kar\rnataka', 'State cannot contain control characters'],
    ['country', 'In\u0000dia', 'Country cannot contain control characters'],
    ['street', '12 MG\tRoad', 'Street cannot contain control characters'],
    ['street', '12 MG Road\nFlat 4', 'Street cannot contain control characters'],
    ['lastName', 'Rao\u0085', 'Last name cannot contain control characters'],
    ['firstName', 'Asha\u202eoaR', 'First name cannot contain text direction controls'],
    ['lastName', '\u2067Rao\u2069', 'Last name cannot contain text direction controls'],
    ['city', '\u202aBengaluru\u202c', 'City cannot contain text direction controls'],
    ['firstName', '\u200b', 'First name is required'],
    ['lastName', ' \u200c\u200d\ufeff\u2060 ', 'Last name is required'],
    ['street', '\u3164\u00ad', 'Street is required'],
  ])('refuses %s %j with “%s”', (field, value, message) => {
    const result = deliveryAddressSchema.safeParse({ ...address, [field]: value });
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('keeps joiners inside a name written in a script that needs them, and letters from any script', () => {
    const parsed = deliveryAddressSchema.parse({
      ...address,
      firstName: 'ശ്\u200dരീ',
      lastName: 'Çelik-Ñúñez',
      city: '東京',
    });
    expect(parsed).toMatchObject({ firstName: 'ശ്\u200dരീ', lastName: 'Çelik-Ñúñez', city: '東京' });
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

  it.each([
    ['Asha\u001b[1A\u001b[2KRao', 'Name cannot contain control characters'],
    ['Asha\u0007', 'Name cannot contain control characters'],
    ['Asha\r\nRao', 'Name cannot contain control characters'],
    ['Asha\u0000', 'Name cannot contain control characters'],
    ['Asha \u202eoaR', 'Name cannot contain text direction controls'],
    ['\u2066Asha\u2069', 'Name cannot contain text direction controls'],
    ['\u200b\u200b', 'Name is required'],
    ['\ufeff \u2060', 'Name is required'],
    ['', 'Name is required'],
  ])('refuses the name %j with “%s”', (name, message) => {
    expect(accountNameSchema.safeParse(name).error?.issues[0]?.message).toBe(message);
  });

  it('keeps a name trimmed', () => {
    expect(accountNameSchema.parse('  Asha Rao \n')).toBe('Asha Rao');
  });

  it(`a new password needs at least ${PASSWORD_MIN_LENGTH} characters`, () => {
    expect(newPasswordSchema.safeParse('x'.repeat(PASSWORD_MIN_LENGTH - 1)).success).toBe(false);
    expect(newPasswordSchema.safeParse('x'.repeat(PASSWORD_MIN_LENGTH)).success).toBe(true);
  });
});
