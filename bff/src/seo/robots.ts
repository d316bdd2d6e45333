import { absoluteUrl } from './site-urls.js';

// Not the shopper's own pages nor the REST pass-through. /graphql stays open: a crawler that runs the
// pages' scripts loads their data through it.
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
