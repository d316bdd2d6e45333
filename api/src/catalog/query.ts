import { z } from 'zod';
import { CATEGORIES, SUB_CATEGORIES, type Category, type SubCategory } from '#domain/store-rules';
import { badRequest } from '../http/errors.js';
import { CELL_COUNT, cellCategory, cellSubCategory, type CellCounts } from './cells.js';
import { PRODUCT_ID_PATTERN } from './product.js';
import { searchWords, type SearchWord } from './search-text.js';

// GET /api/product/query: the catalogue filtered, searched, sorted and paged in the database.

export const SORTS = ['relevant', 'price_asc', 'price_desc', 'newest'] as const;
export type Sort = (typeof SORTS)[number];

export const MAX_QUERY_LIMIT = 100;
export const DEFAULT_QUERY_LIMIT = 24;
export const MAX_QUERY_IDS = 200;
export const MAX_SEARCH_LENGTH = 100;

// Query strings arrive as text; a list may also come as a repeated parameter (?category=Men&category=Women).
const text = z.union([z.string(), z.array(z.string()).transform((values) => values.join(','))]);
function listOf<T extends string>(name: string, allowed: readonly T[]) {
  return text.transform((value, ctx) => {
    const items = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const unknown = items.filter((item) => !allowed.includes(item as T));
    if (unknown.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `${name} must be a comma-separated list of ${allowed.join(', ')} (got ${unknown[0]!.slice(0, 40)})`,
      });
      return z.NEVER;
    }
    return [...new Set(items)] as T[];
  });
}
const single = (name: string) => z.string({ error: `${name} must be given once` });

const paramsSchema = z
  .object({
    category: listOf('category', CATEGORIES).optional(),
    subCategory: listOf('subCategory', SUB_CATEGORIES).optional(),
    q: single('q')
      .transform((s) => s.trim())
      .refine((s) => s.length <= MAX_SEARCH_LENGTH, `q must be at most ${MAX_SEARCH_LENGTH} characters`)
      .optional(),
    ids: text
      .transform((value, ctx) => {
        const ids = value
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        if (ids.length > MAX_QUERY_IDS) {
          ctx.addIssue({ code: 'custom', message: `ids takes at most ${MAX_QUERY_IDS} product ids` });
          return z.NEVER;
        }
        const bad = ids.find((id) => !PRODUCT_ID_PATTERN.test(id));
        if (bad !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `ids must be product ids (letters, digits, - or _; got ${bad.slice(0, 40)})`,
          });
          return z.NEVER;
        }
        return [...new Set(ids)];
      })
      .optional(),
    relatedTo: single('relatedTo').regex(PRODUCT_ID_PATTERN, 'relatedTo must be a product id').optional(),
    sort: z.enum(SORTS, { error: `sort must be one of ${SORTS.join(', ')}` }).default('relevant'),
    limit: single('limit')
      .regex(/^\d{1,3}$/, `limit must be a whole number from 0 to ${MAX_QUERY_LIMIT}`)
      .transform(Number)
      .refine((n) => n <= MAX_QUERY_LIMIT, `limit must be a whole number from 0 to ${MAX_QUERY_LIMIT}`)
      .default(DEFAULT_QUERY_LIMIT),
    cursor: single('cursor').max(200, 'cursor is not one this API gave out').optional(),
    facets: z.enum(['true', 'false'], { error: 'facets must be true or false' }).default('true'),
    inStock: z.enum(['true', 'false'], { error: 'inStock must be true or false' }).default('false'),
  })
  .strict();

/** Keyset: the last row's sort key, and its position to break ties. */
export interface Cursor {
  /** Relevance tier of the last row (relevant order with search text). */
  tier?: number;
  /** Price or date of the last row (price and date orders). */
  key?: number;
  position: number;
}

export interface CatalogQuery {
  /** The ticked boxes; every value when none is ticked. */
  categories: Category[];
  subCategories: SubCategory[];
  /** The search text's words; none when there is no search (or it holds no letters or digits). */
  words: SearchWord[];
  ids: string[] | undefined;
  relatedTo: string | undefined;
  sort: Sort;
  limit: number;
  cursor: Cursor | undefined;
  facets: boolean;
  /** Only products with a size left to sell (not sold out); the total and the facets count only those. */
  inStock: boolean;
}

function describe(issue: z.core.$ZodIssue): string {
  if (issue.code === 'unrecognized_keys') return `Unknown parameter: ${issue.keys.join(', ')}`;
  return issue.message;
}

/** A bad parameter is a 400 naming it. */
export function parseCatalogQuery(query: unknown): CatalogQuery {
  const result = paramsSchema.safeParse(query ?? {});
  if (!result.success) throw badRequest(describe(result.error.issues[0]!));
  const p = result.data;
  const words = searchWords(p.q ?? '');
  return {
    categories: p.category && p.category.length > 0 ? p.category : [...CATEGORIES],
    subCategories: p.subCategory && p.subCategory.length > 0 ? p.subCategory : [...SUB_CATEGORIES],
    words,
    ids: p.ids,
    relatedTo: p.relatedTo,
    sort: p.sort,
    limit: p.limit,
    cursor: p.cursor === undefined ? undefined : decodeCursor(p.cursor, p.sort, words.length > 0),
    facets: p.facets === 'true',
    inStock: p.inStock === 'true',
  };
}

// ---- Cursors: base64url JSON of the sort and the last row's keys; keyset paging, never an offset ----

const cursorSchema = z.object({ s: z.enum(SORTS), k: z.array(z.number()).min(1).max(2) }).strict();

/** [tier, position] for relevance with search text, else [position] or [key, position]. */
function cursorKeys(sort: Sort, searching: boolean): 1 | 2 {
  return sort === 'relevant' && !searching ? 1 : 2;
}

export function encodeCursor(sort: Sort, cursor: Cursor): string {
  const k =
    sort === 'relevant'
      ? cursor.tier === undefined
        ? [cursor.position]
        : [cursor.tier, cursor.position]
      : [cursor.key!, cursor.position];
  return Buffer.from(JSON.stringify({ s: sort, k })).toString('base64url');
}

function decodeCursor(value: string, sort: Sort, searching: boolean): Cursor {
  let parsed: z.infer<typeof cursorSchema>;
  try {
    parsed = cursorSchema.parse(JSON.parse(Buffer.from(value, 'base64url').toString('utf8')));
  } catch {
    throw badRequest('cursor is not one this API gave out');
  }
  if (parsed.s !== sort || parsed.k.length !== cursorKeys(sort, searching)) {
    throw badRequest('cursor belongs to another sort or search; start again without it');
  }
  const [first, second] = parsed.k as [number, number | undefined];
  if (second === undefined) return { position: first };
  return sort === 'relevant' ? { tier: first, position: second } : { key: first, position: second };
}

// ---- What the query counts: products in scope per (category, type) cell ----

/** A product the query is about: its position and cell (see cells.ts). */
export interface ProductKey {
  id: string;
  position: number;
  cell: number;
}

/** Restrictions that apply to the counts as well as the page (the filters apply to the page only). */
export interface SearchScope {
  /** `ids`: only these products. */
  only?: readonly ProductKey[];
  /** `relatedTo`: only this cell, without that product. */
  cell?: number;
  except?: ProductKey;
  /** `inStock=true`: without the sold-out products. */
  inStock?: boolean;
}

export interface PageFilter {
  categories: readonly Category[];
  subCategories: readonly SubCategory[];
}

export interface PageRequest {
  filter: PageFilter;
  scope: SearchScope;
  sort: Sort;
  cursor: Cursor | undefined;
  /** Rows wanted (one more than the page, to know whether another follows). */
  limit: number;
  /** Products matching, over all pages: lets a plan choose between sorting them all and walking an index. */
  total: number;
  /** What was counted for the search and scope, when it was (see MatchCounts). */
  counts?: MatchCounts;
}

/** The products in scope (and matching the search) the database counted: per cell, and what its plans need. */
export interface MatchCounts {
  /** Per (category, type) cell: the total and the facets for any ticks. */
  cells: number[];
  /**
   * PostgreSQL with search text: per tier (3, 2, 1), the matches per cell (15: a pair outside the lists) and the
   * positions a catalogue-order walk passes, so each page picks its plan from exact sizes.
   */
  tiers?: Record<1 | 2 | 3, number[]>;
  span?: number;
}

export interface Facets {
  category: Record<Category, number>;
  subCategory: Record<SubCategory, number>;
}

/**
 * Each facet group is counted with the other group's ticks applied but not its own: how many products ticking that
 * box would show.
 */
export function countsFor(cells: CellCounts, filter: PageFilter): { total: number; facets: Facets } {
  const category = Object.fromEntries(CATEGORIES.map((c) => [c, 0])) as Record<Category, number>;
  const subCategory = Object.fromEntries(SUB_CATEGORIES.map((s) => [s, 0])) as Record<SubCategory, number>;
  let total = 0;
  for (let cell = 0; cell < CELL_COUNT; cell += 1) {
    const n = cells[cell] ?? 0;
    const c = cellCategory(cell);
    const s = cellSubCategory(cell);
    const inCategories = filter.categories.includes(c);
    const inTypes = filter.subCategories.includes(s);
    if (inTypes) category[c] += n;
    if (inCategories) subCategory[s] += n;
    if (inCategories && inTypes) total += n;
  }
  return { total, facets: { category, subCategory } };
}
