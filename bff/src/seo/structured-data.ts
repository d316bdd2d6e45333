import { IMAGE_WIDTHS, isOptimizable, optimizedImageUrl, type ImageWidth } from '#domain/images';
import { sizeStock } from '#domain/stock';
import { DELIVERY_FEE, RETURN_POLICY_DAYS } from '#domain/store-rules';
import type { CatalogProduct } from '../catalog/product.js';
import { LABEL_OF_CATEGORY, LABEL_OF_TYPE } from '../catalog/labels.js';
import type { StoreIdentity } from '#domain/server-render';
import { absoluteUrl, collectionPath, productPath } from './site-urls.js';

// schema.org JSON-LD for the rendered pages, following Google's Product (merchant listing) requirements.

export interface SiteContext {
  origin: string;
  store: StoreIdentity;
}

const SCHEMA = 'https://schema.org';
/** The prices are rupees (spec section 9) and the store delivers in India. */
const CURRENCY = 'INR';
const COUNTRY = 'IN';
/** Link previews and Google's image guidelines ask for at least 1200 px. */
export const PREVIEW_IMAGE_WIDTH: ImageWidth = IMAGE_WIDTHS.find((width) => width >= 1200) ?? 1600;

type JsonLd = Record<string, unknown>;

/** Absolute: the optimizer's large cut where it can make one. */
export function previewImageUrl(origin: string, src: string): string {
  if (isOptimizable(src)) return absoluteUrl(origin, optimizedImageUrl(src, PREVIEW_IMAGE_WIDTH));
  return src.startsWith('/') && !src.startsWith('//') ? absoluteUrl(origin, src) : src;
}

const availability = (inStock: boolean, left: number | null) =>
  `${SCHEMA}/${!inStock ? 'OutOfStock' : left !== null ? 'LimitedAvailability' : 'InStock'}`;

function shippingDetails(): JsonLd {
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: DELIVERY_FEE, currency: CURRENCY },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: COUNTRY },
  };
}

/** As home's policy section states it. */
function returnPolicy(): JsonLd {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: COUNTRY,
    returnPolicyCategory: `${SCHEMA}/MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: RETURN_POLICY_DAYS,
    returnFees: `${SCHEMA}/FreeReturn`,
    refundType: `${SCHEMA}/FullRefund`,
  };
}

export function productStructuredData(product: CatalogProduct, { origin, store }: SiteContext): JsonLd[] {
  const url = absoluteUrl(origin, productPath(product.id));
  const offer = (sku: string, inStock: boolean, left: number | null, size?: string): JsonLd => ({
    '@type': 'Offer',
    sku,
    ...(size === undefined ? {} : { name: `Size ${size}` }),
    url,
    price: product.price,
    priceCurrency: CURRENCY,
    availability: availability(inStock, left),
    itemCondition: `${SCHEMA}/NewCondition`,
    seller: { '@type': 'Organization', name: store.name },
    shippingDetails: shippingDetails(),
    hasMerchantReturnPolicy: returnPolicy(),
  });
  // One offer, and SKU, per size.
  const offers =
    product.sizes.length === 0
      ? [offer(product.id, !product.soldOut, null)]
      : sizeStock(product.sizes, product.lowStock).map(({ size, inStock, left }) =>
          offer(`${product.id}-${size.trim().replace(/\s+/g, '-')}`, inStock, left, size),
        );
  const category = LABEL_OF_CATEGORY[product.category];
  const type = LABEL_OF_TYPE[product.type];
  return [
    {
      '@context': SCHEMA,
      '@type': 'Product',
      '@id': `${url}#product`,
      url,
      name: product.name,
      description: product.description,
      image: product.images.map((src) => previewImageUrl(origin, src)),
      sku: product.id,
      brand: { '@type': 'Brand', name: store.name },
      category: `${category} > ${type}`,
      offers,
    },
    {
      '@context': SCHEMA,
      '@type': 'BreadcrumbList',
      // The trail the product page shows, then the product.
      itemListElement: [
        { name: 'Collection', item: absoluteUrl(origin, collectionPath({})) },
        { name: category, item: absoluteUrl(origin, collectionPath({ category: product.category })) },
        {
          name: type,
          item: absoluteUrl(origin, collectionPath({ category: product.category, type: product.type })),
        },
        { name: product.name, item: url },
      ].map((crumb, index) => ({ '@type': 'ListItem', position: index + 1, ...crumb })),
    },
  ];
}

export function homeStructuredData({ origin, store }: SiteContext): JsonLd[] {
  const home = absoluteUrl(origin, '/');
  const contact =
    store.email === undefined && store.telephone === undefined
      ? {}
      : {
          contactPoint: {
            '@type': 'ContactPoint',
            contactType: 'customer service',
            ...(store.email === undefined ? {} : { email: store.email }),
            ...(store.telephone === undefined ? {} : { telephone: store.telephone }),
          },
        };
  return [
    {
      '@context': SCHEMA,
      '@type': 'Organization',
      '@id': `${home}#organization`,
      name: store.name,
      url: home,
      ...(store.logoPath === undefined ? {} : { logo: absoluteUrl(origin, store.logoPath) }),
      ...contact,
      hasMerchantReturnPolicy: returnPolicy(),
    },
    {
      '@context': SCHEMA,
      '@type': 'WebSite',
      '@id': `${home}#website`,
      name: store.name,
      description: store.description,
      url: home,
      publisher: { '@id': `${home}#organization` },
      potentialAction: {
        '@type': 'SearchAction',
        target: {
          '@type': 'EntryPoint',
          urlTemplate: `${absoluteUrl(origin, '/collection')}?q={search_term_string}`,
        },
        'query-input': 'required name=search_term_string',
      },
    },
  ];
}

/**
 * `<`, `>`, `&` as JSON escapes, so no shop text (`</script>`, `<!--`) can end the element; U+2028/2029
 * too, for readers that take JSON as JavaScript.
 */
export function jsonLdScript(data: unknown): string {
  const json = JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return `<script type="application/ld+json">${json}</script>`;
}
