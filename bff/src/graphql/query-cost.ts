import type { ApolloServerPlugin } from '@apollo/server';
import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  GraphQLError,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  typeFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { MAX_PRODUCT_SIZES } from '#domain/cart-line';
import type { GraphQLContext } from '../context.js';
import type { StoreErrorCode } from '../errors.js';

// A query's cost, counted before it runs the way GitHub's and Shopify's APIs count it (docs/graphql-api.md):
// each object of the answer costs 1, and a list holds as many as its size argument asks.

/** On a list field, its own length; on a connection, the length of its lists. */
const SIZE_ARGUMENTS = ['first', 'limit'];
/** A cart's lines, an order's items, facet counts. */
const UNSIZED_LIST_LENGTH = 10;
/** Lists without a size argument whose longest length the store knows. */
const BOUNDED_LISTS: Readonly<Record<string, number>> = { 'Product.stock': MAX_PRODUCT_SIZES };

export interface QueryCost {
  cost: number;
  /** `Product.related` for `related { related { … } }`. */
  deepestSelfNesting?: { field: string; depth: number };
}

interface Walk {
  schema: GraphQLSchema;
  fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
  result: QueryCost;
}

function fieldsOf(type: GraphQLCompositeType): Record<string, GraphQLField<unknown, unknown> | undefined> {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields() : {};
}

/** null when the arguments would fail coercion (the field then does no work). */
function sizeOf(
  walk: Walk,
  definition: GraphQLField<unknown, unknown>,
  field: FieldNode,
): number | undefined | null {
  const argument = definition.args.find((arg) => SIZE_ARGUMENTS.includes(arg.name));
  if (argument === undefined) return undefined;
  let values: Record<string, unknown>;
  try {
    values = getArgumentValues(definition, field, walk.variables);
  } catch {
    return null;
  }
  const size = values[argument.name];
  return typeof size === 'number' ? Math.max(0, size) : UNSIZED_LIST_LENGTH;
}

/** Every node asking for one response key, which execution merges into one field. */
interface CollectedField {
  parent: GraphQLCompositeType;
  nodes: FieldNode[];
}

/**
 * Collected as execution does (by response key, each fragment once): counting the merged answer, not the
 * text, keeps the walk linear in the document.
 */
function collectFields(
  walk: Walk,
  selectionSets: readonly SelectionSetNode[],
  parent: GraphQLCompositeType,
): Iterable<CollectedField> {
  const fields = new Map<string, CollectedField>();
  const followed = new Set<string>();
  const gather = (selectionSet: SelectionSetNode, type: GraphQLCompositeType): void => {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const key = `${type.name}.${selection.alias?.value ?? selection.name.value}`;
        const known = fields.get(key);
        if (known === undefined) fields.set(key, { parent: type, nodes: [selection] });
        else known.nodes.push(selection);
        continue;
      }
      if (selection.kind === Kind.FRAGMENT_SPREAD) {
        if (followed.has(selection.name.value)) continue;
        followed.add(selection.name.value);
      }
      const fragment =
        selection.kind === Kind.INLINE_FRAGMENT ? selection : walk.fragments.get(selection.name.value);
      if (fragment === undefined) continue;
      const condition =
        fragment.typeCondition === undefined ? type : typeFromAST(walk.schema, fragment.typeCondition);
      if (condition !== undefined && isCompositeType(condition)) gather(fragment.selectionSet, condition);
    }
  };
  for (const selectionSet of selectionSets) gather(selectionSet, parent);
  return fields.values();
}

function fieldCost(
  walk: Walk,
  { parent, nodes }: CollectedField,
  connectionSize: number | undefined,
  path: string[],
): number {
  // Fields merged under one response key have the same name and arguments (validation sees to it).
  const field = nodes[0]!;
  const name = field.name.value;
  const definition = fieldsOf(parent)[name];
  const selectionSets = nodes.flatMap((node) => (node.selectionSet === undefined ? [] : [node.selectionSet]));
  // __typename is free, and introspection is bounded by the schema (and off in production).
  if (name.startsWith('__') || definition === undefined || selectionSets.length === 0) return 0;
  const type = getNamedType(definition.type);
  if (!isCompositeType(type)) return 0;

  const coordinate = `${parent.name}.${name}`;
  const depth = path.filter((step) => step === coordinate).length + 1;
  if (depth > (walk.result.deepestSelfNesting?.depth ?? 1))
    walk.result.deepestSelfNesting = { field: coordinate, depth };

  const size = sizeOf(walk, definition, field);
  if (size === null) return 0;
  const isList = isListType(getNullableType(definition.type));
  const length = isList ? (size ?? BOUNDED_LISTS[coordinate] ?? connectionSize ?? UNSIZED_LIST_LENGTH) : 1;
  path.push(coordinate);
  const selection = selectionCost(walk, selectionSets, type, isList ? undefined : size, path);
  path.pop();
  return length * (1 + selection);
}

function selectionCost(
  walk: Walk,
  selectionSets: readonly SelectionSetNode[],
  parent: GraphQLCompositeType,
  connectionSize: number | undefined,
  path: string[],
): number {
  let cost = 0;
  for (const field of collectFields(walk, selectionSets, parent))
    cost += fieldCost(walk, field, connectionSize, path);
  return cost;
}

/** Undefined when the variables do not fit the operation (it is then refused without running). */
export function queryCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
): QueryCost | undefined {
  const coerced = getVariableValues(schema, operation.variableDefinitions ?? [], variables, { maxErrors: 1 });
  if (coerced.errors !== undefined) return undefined;
  const root = schema.getRootType(operation.operation);
  if (root === undefined || root === null) return undefined;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walk: Walk = { schema, fragments, variables: coerced.coerced, result: { cost: 0 } };
  walk.result.cost = selectionCost(walk, [operation.selectionSet], root, undefined, []);
  return walk.result;
}

const formatted = (n: number) => n.toLocaleString('en-US');

function refusal(
  code: StoreErrorCode | 'GRAPHQL_VALIDATION_FAILED',
  message: string,
  details: Record<string, unknown>,
): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...details, http: { status: 400 } } });
}

export interface CostLimits {
  maxCost: number;
  /** How deep one field may appear inside itself on a path. */
  maxSelfNesting: number;
}

/** Refuses costlier or deeper operations before execution; an accepted one reports `extensions.cost`. */
export function queryCostPlugin({ maxCost, maxSelfNesting }: CostLimits): ApolloServerPlugin<GraphQLContext> {
  return {
    requestDidStart() {
      let cost: number | undefined;
      return Promise.resolve({
        didResolveOperation({ schema, document, operation, request }) {
          const counted = operation && queryCost(schema, document, operation, request.variables);
          if (counted === undefined) return Promise.resolve();
          if (counted.cost > maxCost) {
            throw refusal(
              'BAD_USER_INPUT',
              `This query would cost ${formatted(counted.cost)}; the limit is ${formatted(maxCost)}. Ask for fewer items (first, limit) or nest less.`,
              { cost: counted.cost, maxCost },
            );
          }
          const nesting = counted.deepestSelfNesting;
          if (nesting !== undefined && nesting.depth > maxSelfNesting) {
            throw refusal(
              'GRAPHQL_VALIDATION_FAILED',
              `${nesting.field} is nested ${nesting.depth} levels deep in itself; the limit is ${maxSelfNesting}.`,
              { field: nesting.field, maxNesting: maxSelfNesting },
            );
          }
          cost = counted.cost;
          return Promise.resolve();
        },
        willSendResponse({ response }) {
          if (cost !== undefined && response.body.kind === 'single') {
            const result = response.body.singleResult;
            result.extensions = { ...result.extensions, cost };
          }
          return Promise.resolve();
        },
      });
    },
  };
}
