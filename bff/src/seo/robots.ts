import { absoluteUrl } from './site-urls.js';

// What crawlers may read: every page a shopper can land on and the images the pages and structured data name;
// not the shopper's own pages (cart, sign-in, checkout, orders) nor the REST pass-through. /graphql stays open:
// a crawler that runs the pages' scripts loads their data through it.
const PRIVATE_PATHS = ['/cart', '/login', '/place-order', '/orders', '/api/'] as const;

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
