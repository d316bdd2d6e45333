import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { FastifyInstance } from 'fastify';
import type { GraphQLFormattedError } from 'graphql';
import type { BffConfig } from '../config.js';
import type { GraphQLContext } from '../context.js';
import { resolvers } from './resolvers.js';
import { responseCachePlugin } from './response-cache.js';
import { typeDefs } from './schema.js';

// Hostile documents are refused at validation, before any resolver (and so any upstream call) runs.
// The storefront's deepest query (products → edges → node → related → images) is depth 5.
export const QUERY_LIMITS = { depth: 8, aliases: 15, tokens: 2000, cost: 5000, directives: 20 } as const;

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

export async function createApollo(app: FastifyInstance, config: BffConfig): Promise<ApolloServer<GraphQLContext>> {
  const production = config.NODE_ENV === 'production';
  const armor = new ApolloArmor({
    maxDepth: { n: QUERY_LIMITS.depth, ignoreIntrospection: true },
    maxAliases: { n: QUERY_LIMITS.aliases },
    maxTokens: { n: QUERY_LIMITS.tokens },
    costLimit: { maxCost: QUERY_LIMITS.cost, ignoreIntrospection: true },
    maxDirectives: { n: QUERY_LIMITS.directives },
    // "Did you mean …" leaks the schema; it only helps while developing.
    blockFieldSuggestion: { enabled: production },
  }).protect();

  const apollo = new ApolloServer<GraphQLContext>({
    typeDefs,
    resolvers,
    introspection: config.GRAPHQL_INTROSPECTION,
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    includeStacktraceInErrorResponses: !production,
    validationRules: armor.validationRules,
    ...(config.LOG_LEVEL === 'silent' ? {} : { logger: app.log }),
    plugins: [
      // graphql-armor is typed against @apollo/server's CommonJS build and this module its ES build: the same
      // plugin shape under two type identities, so it is re-typed here at the one boundary.
      ...(armor.plugins as unknown as ApolloServerPlugin<GraphQLContext>[]),
      // Apollo's default landing page loads from the internet; the BFF serves its own offline IDE instead.
      ApolloServerPluginLandingPageDisabled(),
      fastifyApolloDrainPlugin(app),
      responseCachePlugin(),
    ],
    formatError(formatted: GraphQLFormattedError): GraphQLFormattedError {
      // A bug's message may name internals; in production the shopper gets a plain sentence instead.
      if (production && formatted.extensions?.code === 'INTERNAL_SERVER_ERROR') return { ...formatted, message: INTERNAL_MESSAGE };
      return formatted;
    },
  });
  await apollo.start();
  return apollo;
}
