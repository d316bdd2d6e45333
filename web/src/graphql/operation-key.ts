import type { DocumentNode, OperationVariables } from '@apollo/client';

// How a query and its variables are named, alike in the server's results, the stand-in and the test mocks.

export function operationName(query: DocumentNode): string | undefined {
  // The operation is the definition with an `operation` field (the others are fragments and schema parts).
  for (const definition of query.definitions) {
    if ('operation' in definition) return definition.name?.value;
  }
  return undefined;
}

/** JSON with object keys sorted, so equal variables give one key whatever order they were built in. */
export function canonical(value: unknown): string {
  if (Array.isArray(value))
    return `[${value.map((item) => (item === undefined ? 'null' : canonical(item))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  // JSON.stringify(undefined) is undefined, not text.
  return value === undefined ? 'null' : JSON.stringify(value);
}

export function resultKey(name: string, variables: OperationVariables | undefined): string {
  return `${name} ${canonical(variables ?? {})}`;
}
