import { absoluteUrl } from './site-urls.js';

// What crawlers may read: every page a shopper can land on and the images the pages and structured data name;
// not the shopper's own pages (`private` in the web app's route table: cart, sign-in, checkout, orders) nor the
// REST pass-through. /graphql stays open: a crawler that runs the pages' scripts loads their data through it.
export function robotsTxt(origin: string, privatePaths: readonly string[]): string {
  return [
    'User-agent: *',
    ...[...privatePaths, '/api/'].map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
