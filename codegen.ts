import type { CodegenConfig } from '@graphql-codegen/cli';

// One schema, two generated outputs: typed documents for the web client and resolver types for the BFF.
// `npm run codegen` regenerates; `npm run codegen:check` fails when the committed output is stale.
const config: CodegenConfig = {
  schema: 'schema.graphql',
  documents: ['web/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/graphql/generated/': {
      preset: 'client',
      // Pre-parsed DocumentNodes typed for Apollo Client: nothing is parsed in the browser (no gql tag), and each
      // page's chunk imports only its own documents from graphql.ts (never gql.ts and its lookup table).
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        strictScalars: true,
        scalars: { ID: 'string' },
        nonOptionalTypename: true,
        skipTypeNameForRoot: true,
      },
    },
    // The client preset emits only the types its documents use; the error codes travel in `extensions`, which no
    // document names, so the schema's enums are generated for the web on their own (the BFF has them in its types).
    'web/src/graphql/generated/schema-enums.ts': {
      plugins: ['typescript'],
      config: { onlyEnums: true, enumsAsTypes: true },
    },
    'bff/src/generated/resolvers-types.ts': {
      plugins: ['typescript', 'typescript-resolvers'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        strictScalars: true,
        scalars: { ID: 'string' },
        useIndexSignature: false,
        contextType: '../context.js#GraphQLContext',
        mappers: {
          Product: '../catalog/product.js#CatalogProduct',
          // An order as the REST API answers it; orders/resolvers.ts shapes it for the schema.
          Order: '../rest/answer-shapes.js#RestOrder',
        },
      },
    },
  },
};

export default config;
