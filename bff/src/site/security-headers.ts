import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { OPTIMIZED_IMAGE_PATH } from '#domain/images';
import type { Catalog, CatalogSource } from '../catalog/catalog.js';

// Clerk's publishable key is `pk_<env>_<base64 of "<frontend api host>$">`; its host is the one origin Clerk's
// script and API calls come from, so the policy opens to it (and Clerk's CDN) only when a key is configured.
export function clerkOrigins(publishableKey: string | undefined): string[] {
  if (publishableKey === undefined) return [];
  const encoded = publishableKey.split('_')[2];
  if (encoded === undefined) return [];
  const host = Buffer.from(encoded, 'base64').toString('utf8').replace(/\$$/, '');
  if (!/^[a-z0-9.-]+$/i.test(host)) return [];
  return [
    `https://${host}`,
    'https://*.clerk.com',
    'https://img.clerk.com',
    'https://challenges.cloudflare.com',
  ];
}

/**
 * Where the page may send requests: Clerk's origins, and for a development instance (a `pk_test_` key) Clerk's
 * telemetry, which clerk-js reports component usage to from the shopper's browser.
 */
export function clerkConnectOrigins(publishableKey: string | undefined): string[] {
  const origins = clerkOrigins(publishableKey);
  return origins.length > 0 && publishableKey?.startsWith('pk_test_') === true
    ? [...origins, 'https://clerk-telemetry.com']
    : origins;
}

export interface ImageSources {
  /** Brings the origins up to date with the catalogue: waits only the first time, later refreshes in the background. */
  refresh(): Promise<void>;
  /** The origins of the latest catalogue read. */
  current(): readonly string[];
}

/** The image origins of the catalogue's latest version (catalog/image-origins.ts). */
export function catalogImageSources(source: CatalogSource): ImageSources {
  let catalog: Catalog | undefined;
  const update = async () => {
    try {
      catalog = await source.get();
    } catch {
      // No catalogue yet (the API is down): the page's products cannot show either; the next page asks again.
    }
  };
  return {
    async refresh() {
      const updating = update();
      if (catalog === undefined) await updating;
    },
    current: () => catalog?.imageOrigins() ?? [],
  };
}

/** Requests for documents (pages), the responses whose policy the browser applies. */
const NOT_A_PAGE = /^\/(api|graphql|images|assets|healthz|_img)(\/|\?|$)/;

export interface SecurityHeaderOptions {
  clerkPublishableKey: string | undefined;
  /** The origins the catalogue's images come from, admitted in `img-src`. */
  imageSources: ImageSources;
}

/**
 * A strict Content-Security-Policy for the served app: scripts only from this origin (no inline script), no
 * framing. Styles allow 'unsafe-inline' because the toast library and Clerk inject <style> elements at run time;
 * styles cannot run code, so the script policy is what keeps injected markup harmless. Images also from the
 * origins the catalogue names (catalog/image-origins.ts).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { clerkPublishableKey, imageSources }: SecurityHeaderOptions,
): void {
  const clerk = clerkOrigins(clerkPublishableKey);
  const connect = ["'self'", ...clerkConnectOrigins(clerkPublishableKey)];
  const policyWith = (imageOrigins: string) =>
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", ...clerk],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...clerk, imageOrigins],
          mediaSrc: ["'self'"],
          fontSrc: ["'self'"],
          connectSrc: connect,
          frameSrc: clerk.length > 0 ? clerk : ["'none'"],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // Media and fonts are same-origin; the cross-origin isolation headers would only break Clerk's popups.
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    });
  // helmet() parses and checks the whole policy, a fifth of a cached GraphQL answer's CPU when done per request:
  // it is built once per set of image origins, which change only with the catalogue.
  let policy = { imageOrigins: '', apply: policyWith('') };
  app.addHook('onRequest', async (request, reply) => {
    // A page's policy is written when the request arrives, so the catalogue's image origins must be known then.
    if ((request.method === 'GET' || request.method === 'HEAD') && !NOT_A_PAGE.test(request.url))
      await imageSources.refresh();
    const imageOrigins = imageSources.current().join(' ');
    if (imageOrigins !== policy.imageOrigins) policy = { imageOrigins, apply: policyWith(imageOrigins) };
    policy.apply(request.raw, reply.raw, throwError);
  });
  // The built app's hashed scripts, styles and fonts, and optimized images, are never documents: the policies that govern a document are
  // about 600 bytes of headers on each of them (a first visit fetches about ten over HTTP/1.1, which does not
  // compress headers). nosniff and the resource policy, which do apply to them, stay.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/') && !request.url.startsWith(`${OPTIMIZED_IMAGE_PATH}?`)) return;
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
  });
}

// helmet's middleware hands its callback an Error when a policy's value fails its checks (not ours, whose values
// are checked when the policy is built); the hook fails with it, as a request's error.
function throwError(error?: unknown): void {
  if (error instanceof Error) throw error;
}

const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;
