import type { TypedDocumentNode } from '@apollo/client';
import { vi } from 'vitest';
import { GRAPHQL_ENDPOINT } from '../graphql/apollo-client';
// Key order does not matter to GraphQL: operations and variables are matched as the stand-in matches them.
import { canonical, operationName } from '../graphql/operation-key';

// Tests answer the app's real fetch calls to /graphql: Apollo Client, its cache and its links (auth, error
// toasts) all run as in the browser. Each mock answers one matching request, in order.
export interface GraphQLMock {
  operationName: string;
  variables: unknown;
  body: {
    data?: unknown;
    errors?: Array<{ message: string; extensions?: { code: string } & Record<string, unknown> }>;
  };
  /** Hold the answer until the test releases it (to see loading states). */
  gate?: Promise<void>;
}

type Document<TResult, TVariables> = TypedDocumentNode<TResult, TVariables>;

export function answer<TResult, TVariables>(
  document: Document<TResult, TVariables>,
  variables: TVariables,
  data: TResult,
  gate?: Promise<void>,
): GraphQLMock {
  return { operationName: operationName(document) ?? '', variables, body: { data }, gate };
}

export function fail<TResult, TVariables>(
  document: Document<TResult, TVariables>,
  variables: TVariables,
  message: string,
  code?: string,
  /** More `extensions`, such as `retryAfterSeconds` with STORE_BUSY or `shortfalls` with OUT_OF_STOCK. */
  extensions: Record<string, unknown> = {},
): GraphQLMock {
  return {
    operationName: operationName(document) ?? '',
    variables,
    body: { errors: [code ? { message, extensions: { code, ...extensions } } : { message }] },
  };
}

export interface SentRequest {
  operationName: string;
  variables: unknown;
  authorization: string | null;
}

/** Replaces fetch for this test; returns the requests the app sent, for assertions. */
export function mockGraphQL(mocks: readonly GraphQLMock[]): SentRequest[] {
  const pending = [...mocks];
  const sent: SentRequest[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (url !== GRAPHQL_ENDPOINT) throw new Error(`Unexpected fetch of ${url}`);
    const { operationName, variables } = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as {
      operationName: string;
      variables: unknown;
    };
    const authorization = new Headers(init.headers).get('authorization');
    sent.push({ operationName, variables, authorization });
    const index = pending.findIndex(
      (mock) => mock.operationName === operationName && canonical(mock.variables) === canonical(variables),
    );
    const mock = index === -1 ? undefined : pending.splice(index, 1)[0];
    if (!mock) {
      const message = `No mock for ${operationName} ${JSON.stringify(variables)}`;
      return Response.json({ errors: [{ message }] });
    }
    await mock.gate;
    return Response.json(mock.body);
  });
  return sent;
}
