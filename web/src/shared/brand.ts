import * as z from 'zod/mini';
import { BRAND_DEFAULTS } from './brand-defaults';

// The one place the web app reads its environment: the store's name, contact details and the hosted sign-in's
// publishable key, all set at build time.
const optionalText = z.optional(z.string().check(z.trim()));

const envSchema = z.object({
  VITE_STORE_NAME: optionalText,
  VITE_CONTACT_EMAIL: optionalText,
  VITE_CONTACT_PHONE: optionalText,
  VITE_STORE_MAP_URL: z.optional(z.url({ protocol: /^https$/ })),
  VITE_CLERK_PUBLISHABLE_KEY: z.optional(z.string().check(z.trim(), z.regex(/^pk_(test|live)_[A-Za-z0-9+/=_-]+$/))),
});

function readBrand() {
  const parsed = envSchema.safeParse(import.meta.env);
  if (!parsed.success) {
    // A bad build-time value must not take the store down: fall back to the defaults and say why.
    console.error('Ignoring invalid VITE_* brand settings:', parsed.error.issues);
  }
  const env = parsed.success ? parsed.data : {};
  return {
    storeName: env.VITE_STORE_NAME || BRAND_DEFAULTS.storeName,
    contactEmail: env.VITE_CONTACT_EMAIL || BRAND_DEFAULTS.contactEmail,
    contactPhone: env.VITE_CONTACT_PHONE || BRAND_DEFAULTS.contactPhone,
    storeMapUrl: env.VITE_STORE_MAP_URL || BRAND_DEFAULTS.storeMapUrl,
    /** Set only when the hosted sign-in is configured; without it Clerk is never loaded. */
    clerkPublishableKey: env.VITE_CLERK_PUBLISHABLE_KEY || undefined,
  };
}

export const BRAND = readBrand();

export const TAGLINE = 'Footwear designed for everyday elegance — because less is always more.';
