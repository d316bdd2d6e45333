// The defaults behind brand.ts, kept apart so vite.config.ts can put the same name into index.html.
export const BRAND_DEFAULTS = {
  storeName: 'Kadam',
  contactEmail: 'hello@kadam.example',
  contactPhone: '+91 80 4000 1234',
  storeMapUrl: 'https://www.openstreetmap.org/search?query=Kadam%20footwear%20Bengaluru',
} as const;
