import { describe, expect, it } from 'vitest';
import { BRAND_DEFAULTS } from './brand-defaults';
import { brandFromEnv } from './brand-env';

describe('brandFromEnv', () => {
  it('takes the settings, trimmed, and the defaults for what is not set', () => {
    const warnings: string[] = [];
    const brand = brandFromEnv(
      { VITE_STORE_NAME: '  Padukaa ', VITE_CONTACT_PHONE: '+91 22 5555 0100' },
      (m) => warnings.push(m),
    );
    expect(brand).toEqual({ ...BRAND_DEFAULTS, storeName: 'Padukaa', contactPhone: '+91 22 5555 0100' });
    expect(warnings).toEqual([]);
  });

  it('keeps the publishable key only when it has the form of one', () => {
    expect(
      brandFromEnv({ VITE_CLERK_PUBLISHABLE_KEY: 'pk_test_abc123' }, () => undefined).clerkPublishableKey,
    ).toBe('pk_test_abc123');
    expect(brandFromEnv({}, () => undefined)).not.toHaveProperty('clerkPublishableKey');
  });

  it('falls back to the defaults, saying why, when a value is bad', () => {
    const warnings: string[] = [];
    const brand = brandFromEnv(
      { VITE_STORE_NAME: 'Padukaa', VITE_STORE_MAP_URL: 'http://maps.example/x' },
      (m) => warnings.push(m),
    );
    expect(brand).toEqual(BRAND_DEFAULTS);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^Ignoring invalid VITE_\* brand settings: .*VITE_STORE_MAP_URL/s);
    expect(brandFromEnv({ VITE_CLERK_PUBLISHABLE_KEY: 'sk_live_secret' }, (m) => warnings.push(m))).toEqual(
      BRAND_DEFAULTS,
    );
    expect(warnings).toHaveLength(2);
  });
});
