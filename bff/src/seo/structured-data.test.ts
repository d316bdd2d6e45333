import { describe, expect, it } from 'vitest';
import { toCatalogProduct } from '../catalog/product.js';
import { homeStructuredData, jsonLdScript, productStructuredData } from './structured-data.js';

const ORIGIN = 'https://shop.example';
const STORE = {
  name: 'Kadam',
  description: 'Shoes.',
  email: 'hello@kadam.example',
  telephone: '+91 80 4000 1234',
  logoPath: '/favicon.svg',
};

const product = (overrides: Record<string, unknown> = {}) =>
  toCatalogProduct(
    {
      _id: 'p1',
      name: 'Aurex Runner',
      description: 'A light runner.',
      price: 2499,
      image: ['/images/a.jpg', 'https://cdn.example/b.png'],
      category: 'Women',
      subCategory: 'Sneakers',
      sizes: ['6', '7', '8'],
      bestseller: false,
      date: 1,
      lowStock: { '7': 2, '8': 0 },
      ...overrides,
    },
    0,
  );

/** The JSON in a script element, parsed back. */
function parsed(script: string): unknown {
  const match = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(script);
  if (!match) throw new Error(`not a JSON-LD script: ${script}`);
  return JSON.parse(match[1]!);
}

describe('structured data', () => {
  it('describes a product with one offer per size, its stock, price in INR, shipping and the return policy', () => {
    const [item, crumbs] = productStructuredData(product(), { origin: ORIGIN, store: STORE });
    expect(item).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Product',
      url: `${ORIGIN}/product/p1`,
      name: 'Aurex Runner',
      description: 'A light runner.',
      sku: 'p1',
      brand: { '@type': 'Brand', name: 'Kadam' },
      image: [
        `${ORIGIN}/_img?url=%2Fimages%2Fa.jpg&w=1280`,
        `${ORIGIN}/_img?url=https%3A%2F%2Fcdn.example%2Fb.png&w=1280`,
      ],
    });
    const offers = (item as { offers: Array<Record<string, unknown>> }).offers;
    expect(offers.map((offer) => [offer.sku, offer.availability])).toEqual([
      ['p1-6', 'https://schema.org/InStock'],
      ['p1-7', 'https://schema.org/LimitedAvailability'],
      ['p1-8', 'https://schema.org/OutOfStock'],
    ]);
    expect(offers[0]).toMatchObject({
      '@type': 'Offer',
      price: 2499,
      priceCurrency: 'INR',
      itemCondition: 'https://schema.org/NewCondition',
      shippingDetails: {
        shippingRate: { value: 10, currency: 'INR' },
        shippingDestination: { addressCountry: 'IN' },
      },
      hasMerchantReturnPolicy: {
        '@type': 'MerchantReturnPolicy',
        applicableCountry: 'IN',
        returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
        merchantReturnDays: 7,
      },
    });
    expect(crumbs).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Collection', item: `${ORIGIN}/collection` },
        { position: 2, name: 'Women', item: `${ORIGIN}/collection?category=WOMEN` },
        { position: 3, name: 'Sneakers', item: `${ORIGIN}/collection?category=WOMEN&type=SNEAKERS` },
        { position: 4, name: 'Aurex Runner', item: `${ORIGIN}/product/p1` },
      ],
    });
  });

  it('counts a product without stock figures as in stock in every size', () => {
    const [item] = productStructuredData(product({ lowStock: undefined }), { origin: ORIGIN, store: STORE });
    const offers = (item as { offers: Array<{ availability: string }> }).offers;
    expect(offers.map((offer) => offer.availability)).toEqual(Array(3).fill('https://schema.org/InStock'));
  });

  it('names the store and its search on home', () => {
    const [organization, website] = homeStructuredData({ origin: ORIGIN, store: STORE });
    expect(organization).toMatchObject({
      '@type': 'Organization',
      name: 'Kadam',
      url: `${ORIGIN}/`,
      logo: `${ORIGIN}/favicon.svg`,
    });
    expect(website).toMatchObject({
      '@type': 'WebSite',
      url: `${ORIGIN}/`,
      potentialAction: {
        '@type': 'SearchAction',
        target: { '@type': 'EntryPoint', urlTemplate: `${ORIGIN}/collection?q={search_term_string}` },
        'query-input': 'required name=search_term_string',
      },
    });
  });

  it('keeps hostile text inside its script element, and the same text once parsed', () => {
    const name = 'Shoe</script><script>alert(1)</script><!-- & \u2028\u2029';
    const script = jsonLdScript({ name });
    expect(script.indexOf('</script>')).toBe(script.length - '</script>'.length);
    expect(script).not.toContain('<!--');
    expect(script).not.toMatch(/[\u2028\u2029&]/);
    expect(parsed(script)).toEqual({ name });
  });
});
