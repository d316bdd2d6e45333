import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { OPTIMIZED_IMAGE_PATH } from '#domain/images';
import type { Catalog, CatalogSource } from '../catalog/catalog.js';
import { namesAFile } from './file-path.js';

// Clerk's key is `pk_<env>_<base64 of "<frontend api host>$">`: that host is where Clerk's script and calls
// come from, so the policy opens to it (and Clerk's CDN) only when a key is configured.
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

/** A development instance (`pk_test_`) also reports component usage to Clerk's telemetry from the browser. */
export function clerkConnectOrigins(publishableKey: string | undefined): string[] {
  const origins = clerkOrigins(publishableKey);
  return origins.length > 0 && publishableKey?.startsWith('pk_test_') === true
    ? [...origins, 'https://clerk-telemetry.com']
    : origins;
}

export interface ImageSources {
  /** Waits only the first time; later refreshes run in the background. */
  refresh(): Promise<void>;
  current(): readonly string[];
}

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

/** Only documents (pages) have a policy the browser applies. */
const NOT_A_PAGE = /^\/(api|graphql|images|assets|healthz|_img)(\/|\?|$)/;

export interface SecurityHeaderOptions {
  clerkPublishableKey: string | undefined;
  imageSources: ImageSources;
}

/**
 * Styles allow 'unsafe-inline' because the toast library and Clerk inject <style> at run time; styles cannot
 * run code, so the script policy (this origin only, no inline) keeps injected markup harmless.
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
  // Built once per set of image origins: helmet() checks the whole policy, a fifth of a cached answer's CPU.
  let policy = { imageOrigins: '', apply: policyWith('') };
  app.addHook('onRequest', async (request, reply) => {
    // A page's policy is written when the request arrives, so the image origins must be known by then. A file
    // (a video, a photo) keeps the last ones: checking the catalogue for each would cost the API a request.
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      !NOT_A_PAGE.test(request.url) &&
      !namesAFile(request.url.split('?')[0] ?? '')
    )
      await imageSources.refresh();
    const imageOrigins = imageSources.current().join(' ');
    if (imageOrigins !== policy.imageOrigins) policy = { imageOrigins, apply: policyWith(imageOrigins) };
    policy.apply(request.raw, reply.raw, throwError);
  });
  // Assets and optimized images are never documents: a document's policies would add some 600 bytes of
  // uncompressed headers to each (HTTP/1.1). nosniff and the resource policy apply to them and stay.
  app.addHook('onSend', async (request, reply) => {
    if (!request.url.startsWith('/assets/') && !request.url.startsWith(`${OPTIMIZED_IMAGE_PATH}?`)) return;
    for (const header of DOCUMENT_ONLY_HEADERS) reply.removeHeader(header);
  });
}

// helmet hands its callback an Error when a policy's value fails its checks; the request then fails with it.
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
