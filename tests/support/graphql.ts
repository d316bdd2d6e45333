export interface GraphQLErrorBody {
  message: string;
  extensions?: { code?: string; stacktrace?: unknown; retryAfterSeconds?: unknown };
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
  const response = await fetch(new URL('/graphql', base), { method: 'POST', headers, body: JSON.stringify({ query, variables }) });
  const body = (await response.json()) as { data?: T | null; errors?: GraphQLErrorBody[] };
  return { status: response.status, headers: response.headers, data: body.data, errors: body.errors };
}

/** The `extensions.code` of each error, for compact assertions. */
export const codesOf = (answer: GraphQLAnswer<unknown>): Array<string | undefined> =>
  (answer.errors ?? []).map((e) => e.extensions?.code);
