import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Kind, OperationTypeNode, type DocumentNode, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { GraphQLContext } from '../context.js';

// Whole-response cache for catalogue queries. Every storefront visit asks the same few collection queries; the
// answers depend only on the query, its variables and the catalogue version, so they are served from memory
// without parsing, validating or executing, and dropped as soon as the catalogue changes. This module owns it all:
// the key of a request, the notes an execution leaves (which catalogue version it read, whether it was a public
// query), the lookup before execution and the store after it.

/** Root fields that read only the public catalogue (never the shopper); an operation using anything else is not cached. */
const PUBLIC_ROOT_FIELDS = new Set(['products', 'product', 'latestProducts', '__typename']);
const MAX_ENTRIES = 500;
const MAX_ENTRY_BYTES = 512 * 1024;

/** What a response-cache decision needs to know about one GraphQL execution (the context's `notes`). */
export interface ExecutionNotes {
  /** The catalogue version the resolvers read, if they read it. */
  catalogVersion?: number;
  /** A public catalogue query answered without errors: its answer may be served again from memory. */
  cacheable?: boolean;
}

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

/** The cache key of a JSON POST, or undefined when the request is not one a cached answer could serve. */
function keyOf(request: FastifyRequest): string | undefined {
  const body: unknown = request.body;
  if (request.method !== 'POST' || !isRecord(body) || typeof body.query !== 'string') return undefined;
  if (body.extensions !== undefined) return undefined;
  const { operationName, variables } = body;
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') return undefined;
  if (variables !== undefined && variables !== null && !isRecord(variables)) return undefined;
  // The accept header picks the response's content type, so it is part of the answer.
  return JSON.stringify([request.headers.accept ?? '', operationName ?? null, body.query, variables ?? null]);
}

export class ResponseCache {
  readonly #entries = new Map<string, CachedResponse>();
  /** Per request: its key (computed once, before execution) and the notes its execution leaves. */
  readonly #keys = new WeakMap<FastifyRequest, string>();
  readonly #notes = new WeakMap<FastifyRequest, ExecutionNotes>();
  readonly #currentVersion: () => Promise<number>;

  /** `currentVersion`: the catalogue's version now; an answer computed from another is never served. */
  constructor(currentVersion: () => Promise<number>) {
    this.#currentVersion = currentVersion;
  }

  /** The notes the execution of this request fills in, to put in its GraphQL context. */
  notesFor(request: FastifyRequest): ExecutionNotes {
    let notes = this.#notes.get(request);
    if (notes === undefined) {
      notes = {};
      this.#notes.set(request, notes);
    }
    return notes;
  }

  /** Before execution: the cached answer to this request, if one is kept for the current catalogue. */
  async lookup(request: FastifyRequest): Promise<CachedResponse | undefined> {
    const key = keyOf(request);
    if (key === undefined) return undefined;
    this.#keys.set(request, key);
    const hit = this.#entries.get(key);
    if (hit === undefined) return undefined;
    // Asking for the version revalidates it with the backend (once per TTL at most).
    if (hit.catalogVersion !== undefined && hit.catalogVersion !== (await this.#currentVersion())) return undefined;
    return hit;
  }

  /** After execution: keeps the answer when the execution was a public query answered in full. */
  store(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const notes = this.#notes.get(request);
    const key = this.#keys.get(request);
    if (notes?.cacheable !== true || key === undefined || typeof payload !== 'string' || reply.statusCode !== 200) return;
    this.#set(key, {
      body: payload,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      catalogVersion: notes.catalogVersion,
    });
  }

  #set(key: string, entry: CachedResponse): void {
    if (entry.body.length > MAX_ENTRY_BYTES) return;
    this.#entries.delete(key);
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, entry);
  }
}
