import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyRequest } from 'fastify';
import { Kind, OperationTypeNode, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { GraphQLContext } from '../context.js';

// Whole-response cache for catalogue queries. Every storefront visit asks the same few collection queries; the
// answers depend only on the query, its variables and the catalogue version, so they are served from memory
// without parsing, validating or executing, and dropped as soon as the catalogue changes.

/** Root fields that read only the public catalogue (never the shopper); an operation using anything else is not cached. */
const PUBLIC_ROOT_FIELDS = new Set(['shop', 'products', 'product', 'latestProducts', '__typename']);
const MAX_ENTRIES = 500;
const MAX_ENTRY_BYTES = 512 * 1024;

export interface CachedResponse {
  body: string;
  contentType: string;
  /** The catalogue version the answer was computed from; undefined when it did not read the catalogue. */
  catalogVersion?: number;
}

function readsOnlyPublicFields(selectionSet: SelectionSetNode, document: DocumentNode, seen: Set<string>): boolean {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!PUBLIC_ROOT_FIELDS.has(selection.name.value)) return false;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!readsOnlyPublicFields(selection.selectionSet, document, seen)) return false;
    } else {
      const name = selection.name.value;
      if (seen.has(name)) continue;
      seen.add(name);
      const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === name);
      if (fragment?.kind !== Kind.FRAGMENT_DEFINITION) return false;
      if (!readsOnlyPublicFields(fragment.selectionSet, document, seen)) return false;
    }
  }
  return true;
}

export function isPublicQuery(operation: OperationDefinitionNode, document: DocumentNode): boolean {
  return operation.operation === OperationTypeNode.QUERY && readsOnlyPublicFields(operation.selectionSet, document, new Set());
}

/** Marks an execution cacheable when it was a public catalogue query answered without errors. */
export function responseCachePlugin(): ApolloServerPlugin<GraphQLContext> {
  return {
    requestDidStart() {
      return Promise.resolve({
        willSendResponse({ operation, document, response, contextValue }) {
          const result = response.body.kind === 'single' ? response.body.singleResult : undefined;
          contextValue.notes.cacheable =
            result !== undefined &&
            (result.errors === undefined || result.errors.length === 0) &&
            operation !== undefined &&
            document !== undefined &&
            isPublicQuery(operation, document);
          return Promise.resolve();
        },
      });
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export class ResponseCache {
  readonly #entries = new Map<string, CachedResponse>();

  /** The cache key of a JSON POST, or undefined when the request is not one a cached answer could serve. */
  keyOf(request: FastifyRequest): string | undefined {
    const body: unknown = request.body;
    if (request.method !== 'POST' || !isRecord(body) || typeof body.query !== 'string') return undefined;
    if (body.extensions !== undefined) return undefined;
    const { operationName, variables } = body;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
    if (variables !== undefined && variables !== null && !isRecord(variables)) return undefined;
    // The accept header picks the response's content type, so it is part of the answer.
    return JSON.stringify([request.headers.accept ?? '', operationName ?? null, body.query, variables ?? null]);
  }

  get(key: string): CachedResponse | undefined {
    return this.#entries.get(key);
  }

  set(key: string, entry: CachedResponse): void {
    if (entry.body.length > MAX_ENTRY_BYTES) return;
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, entry);
  }
}
