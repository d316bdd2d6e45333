import * as z from 'zod/mini';
import { BRAND_DEFAULTS } from './brand-defaults.ts';

/** The store's name and contact details, and the hosted sign-in's publishable key when it is configured. */
export interface Brand {
  storeName: string;
  contactEmail: string;
  contactPhone: string;
  storeMapUrl: string;
  /** Set only when the hosted sign-in is configured; without it Clerk is never loaded. */
  clerkPublishableKey?: string;
}

/**
 * The brand from the build's VITE_* settings, read once when the app is built (vite.config.ts) so the browser
 * carries the result, not the validation. A bad value must not take the store down: it is reported through
 * `warn` and the defaults kept.
 */
export function brandFromEnv(
  env: Record<string, string | undefined>,
  warn: (message: string) => void,
): Brand {
  const optionalText = z.optional(z.string().check(z.trim()));
  const parsed = z
    .object({
      VITE_STORE_NAME: optionalText,
      VITE_CONTACT_EMAIL: optionalText,
      VITE_CONTACT_PHONE: optionalText,
      VITE_STORE_MAP_URL: z.optional(z.url({ protocol: /^https$/ })),
      VITE_CLERK_PUBLISHABLE_KEY: z.optional(
        z.string().check(z.trim(), z.regex(/^pk_(test|live)_[A-Za-z0-9+/=_-]+$/)),
      ),
    })
    .safeParse(env);
  if (!parsed.success) warn(`Ignoring invalid VITE_* brand settings: ${z.prettifyError(parsed.error)}`);
  const valid = parsed.success ? parsed.data : {};
  return {
    storeName: valid.VITE_STORE_NAME || BRAND_DEFAULTS.storeName,
    contactEmail: valid.VITE_CONTACT_EMAIL || BRAND_DEFAULTS.contactEmail,
    contactPhone: valid.VITE_CONTACT_PHONE || BRAND_DEFAULTS.contactPhone,
    storeMapUrl: valid.VITE_STORE_MAP_URL || BRAND_DEFAULTS.storeMapUrl,
    ...(valid.VITE_CLERK_PUBLISHABLE_KEY ? { clerkPublishableKey: valid.VITE_CLERK_PUBLISHABLE_KEY } : {}),
  };
}
