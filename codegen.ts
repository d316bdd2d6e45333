import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { CodegenConfig } from '@graphql-codegen/cli';
import { Kind, parse, type FragmentDefinitionNode } from 'graphql';

// One schema, generated three ways: the operations' types for the web client (one file, types only), each
// folder's typed documents beside its .graphql files, and resolver types for the BFF. `npm run codegen`
// regenerates; `npm run codegen:check` fails when the committed output is stale.
//
// Documents live with the feature that sends them, so a page's chunk carries its own queries and no other's (one
// file of every document lands in the first visit's chunk). They are pre-parsed DocumentNodes typed for Apollo
// Client: nothing is parsed in the browser.

const WEB = 'web/src';
/** The web's own settings of the operations' types and of the documents. */
const WEB_CONFIG = {
  useTypeImports: true,
  enumsAsTypes: true,
  strictScalars: true,
  scalars: { ID: 'string' },
  nonOptionalTypename: true,
  skipTypeNameForRoot: true,
};
const TYPES_FILE = `${WEB}/graphql/generated/graphql.ts`;

const graphqlFiles = readdirSync(WEB, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.graphql'))
  .map((file) => path.posix.join(WEB, file.split(path.sep).join('/')))
  .sort();
const definitions = graphqlFiles.flatMap((file) =>
  parse(readFileSync(file, 'utf8')).definitions.map((node) => ({ file, node })),
);

/** Every fragment, for the documents of another folder that spread it (inlined there, not exported again). */
const externalFragments = definitions.flatMap(({ file, node }) =>
  node.kind === Kind.FRAGMENT_DEFINITION
    ? [
        {
          node: node satisfies FragmentDefinitionNode,
          name: node.name.value,
          onType: node.typeCondition.name.value,
          isExternal: true,
          importFrom: file,
        },
      ]
    : [],
);

/** The folders that send operations: each gets `generated/documents.ts` with its own. */
const operationFolders = [
  ...new Set(
    definitions
      .filter(({ node }) => node.kind === Kind.OPERATION_DEFINITION)
      .map(({ file }) => path.posix.dirname(file)),
  ),
];

const documentOutputs = Object.fromEntries(
  operationFolders.map((folder) => {
    const output = `${folder}/generated/documents.ts`;
    const types = path.posix.relative(path.posix.dirname(output), TYPES_FILE).replace(/\.ts$/, '');
    const documents: CodegenConfig['generates'][string] = {
      documents: [`${folder}/*.graphql`],
      plugins: [
        { add: { content: `/* eslint-disable */\nimport type * as Types from '${types}';` } },
        'typed-document-node',
      ],
      config: { ...WEB_CONFIG, importOperationTypesFrom: 'Types', externalFragments },
    };
    return [output, documents];
  }),
);

const config: CodegenConfig = {
  schema: 'schema.graphql',
  ignoreNoDocuments: true,
  generates: {
    [TYPES_FILE]: {
      documents: graphqlFiles,
      plugins: [{ add: { content: '/* eslint-disable */' } }, 'typescript-operations'],
      config: WEB_CONFIG,
    },
    ...documentOutputs,
    // The operations' types name only the enums their documents use; the error codes travel in `extensions`, which
    // no document names, so the schema's enums are generated for the web on their own (the BFF has them in its types).
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
