import * as z from 'zod/mini';
import { readServerState } from '../../../graphql/server-state';
import type { ServerResult } from '../../../graphql/server-results-client';
import { CATEGORY_VALUES, TYPE_VALUES } from '../../../shared/catalog/catalog-labels';
import { fetchedAtOf, PAGES_CACHE } from '../../../service-worker/offline-rules';

// The products a shopper has seen, read back from the pages the service worker keeps (each carries the query
// results it was rendered from: graphql/server-state.ts), for the collection to search and filter when the store
// cannot be reached. Nothing is stored for this beyond what the worker already keeps.

/** A product as a card shows it, with what a kept page told of it beside. */
const keptProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  images: z.array(z.string()),
  imagePlaceholder: z.optional(z.nullable(z.string())),
  soldOut: z.boolean(),
  category: z.enum(CATEGORY_VALUES),
  type: z.enum(TYPE_VALUES),
  /** Only a product's own page asks for it. */
  description: z.optional(z.string()),
});

type SeenProduct = z.infer<typeof keptProductSchema>;

export type KeptProduct = SeenProduct & {
  /** When the page it was read from was fetched (the newest such page). */
  fetchedAt: Date | undefined;
};

/** A page of products nests them a few levels down (products.nodes, product.related); deeper is not a page's. */
const MAX_DEPTH = 6;

function collect(value: unknown, depth: number, found: SeenProduct[]): void {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    for (const item of value) collect(item, depth + 1, found);
    return;
  }
  const product = keptProductSchema.safeParse(value);
  if (product.success) found.push(product.data);
  for (const field of Object.values(value)) collect(field, depth + 1, found);
}

/** A kept page as the worker holds it: its HTML and when it was fetched. */
export interface KeptPage {
  html: string;
  fetchedAt: Date | undefined;
}

/**
 * Every product the pages name, once each, newest page first: its price and stock as that page had them, its
 * description from any page that had it. The order is the order they were seen in, newest page first.
 */
export function productsOfPages(pages: readonly KeptPage[]): KeptProduct[] {
  const byId = new Map<string, KeptProduct>();
  const newestFirst = [...pages].sort(
    // An unknown time counts as the oldest.
    (a, b) => (b.fetchedAt?.getTime() ?? 0) - (a.fetchedAt?.getTime() ?? 0),
  );
  for (const page of newestFirst) {
    const results: ServerResult[] =
      readServerState(new DOMParser().parseFromString(page.html, 'text/html')) ?? [];
    const found: SeenProduct[] = [];
    for (const result of results) collect(result.data, 0, found);
    for (const product of found) {
      const known = byId.get(product.id);
      if (known === undefined) byId.set(product.id, { ...product, fetchedAt: page.fetchedAt });
      else known.description ??= product.description;
    }
  }
  return [...byId.values()];
}

/** The pages the service worker keeps; none where there is no worker or its cache. */
export async function readKeptPages(): Promise<KeptPage[]> {
  if (!('caches' in window) || !(await caches.has(PAGES_CACHE))) return [];
  const cache = await caches.open(PAGES_CACHE);
  const answers = await Promise.all((await cache.keys()).map((request) => cache.match(request)));
  return Promise.all(
    answers
      .filter((answer): answer is Response => answer !== undefined)
      .map(async (answer) => ({ html: await answer.text(), fetchedAt: fetchedAtOf(answer) })),
  );
}
