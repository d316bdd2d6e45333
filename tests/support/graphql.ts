export interface GraphQLErrorBody {
  message: string;
  extensions?: { code?: string; stacktrace?: unknown; retryAfterSeconds?: unknown; total?: unknown };
}

export interface GraphQLAnswer<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  data?: T | null;
  errors?: GraphQLErrorBody[];
}

export interface GraphQLRequestOptions {
  token?: string;
  headers?: Record<string, string>;
}

/** One GraphQL POST to a running BFF. */
export async function gql<T = Record<string, unknown>>(
  base: string,
  query: string,
  variables: Record<string, unknown> = {},
  options: GraphQLRequestOptions = {},
): Promise<GraphQLAnswer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(new URL('/graphql', base), {
    method: 'POST',
    headers,
    body: JSON.stringify({ query, variables }),
  });
  const body = (await response.json()) as { data?: T | null; errors?: GraphQLErrorBody[] };
  return { status: response.status, headers: response.headers, data: body.data, errors: body.errors };
}

/** The id of the catalogue's first product (in its own order): any product page, for a bench or a check. */
export async function firstProductId(base: string): Promise<string> {
  const answer = await gql<{ products: { nodes: Array<{ id: string }> } }>(
    base,
    '{ products(first: 1) { nodes { id } } }',
  );
  return answer.data!.products.nodes[0]!.id;
}

/** The `extensions.code` of each error, for compact assertions. */
export const codesOf = (answer: GraphQLAnswer<unknown>): Array<string | undefined> =>
  (answer.errors ?? []).map((e) => e.extensions?.code);

/**
 * What a test selects of a server cart: all the schema's Cart holds (its lines above 0, by product id then size);
 * the screens price and total the browser's cart themselves.
 */
export const CART_LINES = 'lines { productId size quantity }';

/** A Cart answered with CART_LINES selected. */
export interface ServerCart {
  lines: Array<{ productId: string; size: string; quantity: number }>;
}

/** How many shoes a server cart holds: the sum of its quantities (what the badge shows). */
export const cartCount = (cart: ServerCart): number =>
  cart.lines.reduce((sum, line) => sum + line.quantity, 0);
