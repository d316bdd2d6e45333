import type { Brand } from './brand-env';

// The one place the web app reads its brand: the store's name, contact details and the hosted sign-in's
// publishable key, set at build time and validated then (brand-env.ts, through vite.config.ts's `define`).
declare const __STORE_BRAND__: Brand;

export const BRAND: Brand = __STORE_BRAND__;

export const TAGLINE = 'Footwear designed for everyday elegance — because less is always more.';
