import type { ApolloServerPlugin } from '@apollo/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  Kind,
  OperationTypeNode,
  parse,
  print,
  type DocumentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { BoundedCache, stringBytes } from '../../../lib/bounded-cache.js';
import { QUERY_LIMITS } from './limits.js';

// Whole-response cache for catalogue queries: every visit asks the same few, and their answers depend only on
// the query, its variables and the catalogue version, so they skip parsing, validation and execution.

/** They read only the public catalogue; an operation using any other field is not cached. */
const PUBLIC_ROOT_FIELDS = new Set(['products', 'product', 'latestProducts', '__typename']);
/** Keys included; the least recently used go first. */
export const RESPONSE_CACHE_BYTES = 32 * 1024 * 1024;
const MAX_ENTRY_BYTES = 512 * 1024;
/** Query texts already printed, so a cache hit costs a lookup, not a parse. */
const PRINTED_QUERIES_BYTES = 4 * 1024 * 1024;

/** What one GraphQL execution tells the cache (the context's `notes`). */
export interface ExecutionNotes {
  catalogVersion?: number;
  /** A public catalogue query answered without errors. */
  cacheable?: boolean;
  /** The answer will change without the catalogue changing (an image placeholder being made): not kept. */
  incomplete?: boolean;
}

export interface CachedResponse {
  body: string;
  contentType: string;
  /** Undefined when the answer did not read the catalogue. */
  catalogVersion?: number;
}

function readsOnlyPublicFields(
  selectionSet: SelectionSetNode,
  document: DocumentNode,
  seen: Set<string>,
): boolean {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (!PUBLIC_ROOT_FIELDS.has(selection.name.value)) return false;
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!readsOnlyPublicFields(selection.selectionSet, document, seen)) return false;
    } else {
      const name = selection.name.value;
      if (seen.has(name)) continue;
      seen.add(name);
      const fragment = document.definitions.find(
        (d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === name,
      );
      if (fragment?.kind !== Kind.FRAGMENT_DEFINITION) return false;
      if (!readsOnlyPublicFields(fragment.selectionSet, document, seen)) return false;
    }
  }
  return true;
}

export function isPublicQuery(operation: OperationDefinitionNode, document: DocumentNode): boolean {
  return (
    operation.operation === OperationTypeNode.QUERY &&
    readsOnlyPublicFields(operation.selectionSet, document, new Set())
  );
}

export function responseCachePlugin(): ApolloServerPlugin<{ notes: ExecutionNotes }> {
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
            contextValue.notes.incomplete !== true &&
            isPublicQuery(operation, document);
          return Promise.resolve();
        },
      });
    },
  };
}

/** They change nothing in the answer: Apollo Client 4's HttpLink names its library in every operation. */
const NEUTRAL_EXTENSIONS = new Set(['clientLibrary']);

function changesNothing(extensions: unknown): boolean {
  return isRecord(extensions) && Object.keys(extensions).every((name) => NEUTRAL_EXTENSIONS.has(name));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const sizeOfResponse = (response: CachedResponse) =>
  stringBytes(response.body) + stringBytes(response.contentType) + 16;

export class ResponseCache {
  readonly #entries: BoundedCache<CachedResponse>;
  /** Query text → printed, so comments, whitespace and commas make no new cache entry. */
  readonly #printed = new BoundedCache<string>({ maxBytes: PRINTED_QUERIES_BYTES, sizeOf: stringBytes });
  readonly #keys = new WeakMap<FastifyRequest, string>();
  readonly #notes = new WeakMap<FastifyRequest, ExecutionNotes>();
  readonly #currentVersion: (request: FastifyRequest) => Promise<number>;

  /** An answer computed from another catalogue version than `currentVersion`'s is never served. */
  constructor(currentVersion: (request: FastifyRequest) => Promise<number>, maxBytes = RESPONSE_CACHE_BYTES) {
    this.#currentVersion = currentVersion;
    this.#entries = new BoundedCache({ maxBytes, sizeOf: sizeOfResponse });
  }

  get bytes(): number {
    return this.#entries.bytes;
  }

  get size(): number {
    return this.#entries.size;
  }

  notesFor(request: FastifyRequest): ExecutionNotes {
    let notes = this.#notes.get(request);
    if (notes === undefined) {
      notes = {};
      this.#notes.set(request, notes);
    }
    return notes;
  }

  /** Before execution; only an answer from the current catalogue version. */
  async lookup(request: FastifyRequest): Promise<CachedResponse | undefined> {
    const key = this.#keyOf(request);
    if (key === undefined) return undefined;
    this.#keys.set(request, key);
    const hit = this.#entries.get(key);
    if (hit === undefined) return undefined;
    // One version read per request, shared with its resolvers.
    if (hit.catalogVersion !== undefined && hit.catalogVersion !== (await this.#currentVersion(request)))
      return undefined;
    return hit;
  }

  /** After execution. */
  store(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
    const notes = this.#notes.get(request);
    const key = this.#keys.get(request);
    if (
      notes?.cacheable !== true ||
      key === undefined ||
      typeof payload !== 'string' ||
      reply.statusCode !== 200
    )
      return;
    this.#set(key, {
      body: payload,
      contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      catalogVersion: notes.catalogVersion,
    });
  }

  #set(key: string, entry: CachedResponse): void {
    if (entry.body.length > MAX_ENTRY_BYTES) this.#entries.delete(key);
    else this.#entries.set(key, entry);
  }

  #keyOf(request: FastifyRequest): string | undefined {
    const body: unknown = request.body;
    if (request.method !== 'POST' || !isRecord(body) || typeof body.query !== 'string') return undefined;
    if (body.extensions !== undefined && !changesNothing(body.extensions)) return undefined;
    const { operationName, variables } = body;
    if (operationName !== undefined && operationName !== null && typeof operationName !== 'string')
      return undefined;
    if (variables !== undefined && variables !== null && !isRecord(variables)) return undefined;
    const query = this.#print(body.query);
    if (query === undefined) return undefined;
    // The accept header picks the response's content type, so it is part of the answer.
    return JSON.stringify([request.headers.accept ?? '', operationName ?? null, query, variables ?? null]);
  }

  /** Undefined when it does not parse (Apollo answers it, uncached). */
  #print(query: string): string | undefined {
    const known = this.#printed.get(query);
    if (known !== undefined) return known;
    let printed: string;
    try {
      printed = print(parse(query, { noLocation: true, maxTokens: QUERY_LIMITS.tokens }));
    } catch {
      return undefined;
    }
    this.#printed.set(query, printed);
    return printed;
  }
}
