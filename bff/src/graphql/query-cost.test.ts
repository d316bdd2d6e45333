import { buildSchema, Kind, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { typeDefs } from './schema.js';
import { QUERY_LIMITS } from './limits.js';
import { queryCost } from './query-cost.js';

const schema = buildSchema(typeDefs);

function costOf(query: string, variables: Record<string, unknown> = {}): number | undefined {
  const document = parse(query);
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  )!;
  return queryCost(schema, document, operation, variables)?.cost;
}

describe("the cost of a product's stock", () => {
  it('counts a list of stock as long as a product may have sizes (30), not as an unsized list', () => {
    expect(costOf('{ product(id: "p") { stock { size inStock left } } }')).toBe(1 + 30);
    // An unsized list of another kind is still counted as 10.
    expect(costOf('{ myOrders { items { name } } }')).toBe(10 * (1 + 10));
  });

  it("keeps a page of 100 products with each size's stock within the limit, and its related stock outside it", () => {
    const page = costOf(
      'query($first: Int) { products(first: $first) { nodes { id soldOut stock { size left } } } }',
      { first: 100 },
    );
    expect(page).toBe(1 + 100 * (1 + 30));
    expect(page).toBeLessThanOrEqual(QUERY_LIMITS.cost);
    const related = costOf(
      '{ products(first: 100) { nodes { stock { size } related(limit: 5) { stock { size } } } } }',
    );
    expect(related).toBeGreaterThan(QUERY_LIMITS.cost);
  });
});
