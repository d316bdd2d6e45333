import { ApolloServer, type ApolloServerPlugin } from '@apollo/server';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { fastifyApolloDrainPlugin } from '@as-integrations/fastify';
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { FastifyInstance } from 'fastify';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { BffConfig } from '../config.js';
import type { GraphQLContext } from '../context.js';
import { QUERY_LIMITS } from './limits.js';
import { queryCostPlugin } from './query-cost.js';
import { resolvers } from './resolvers.js';
import { responseCachePlugin } from './response-cache.js';
import { typeDefs } from './schema.js';

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** Apollo answers some with a 4xx but no code of its own (a malformed `persistedQuery` extension). */
function isClientMistake(error: unknown): boolean {
  if (!(error instanceof GraphQLError)) return false;
  const http: unknown = error.extensions.http;
  const status = typeof http === 'object' && http !== null && 'status' in http ? http.status : undefined;
  return typeof status === 'number' && status >= 400 && status < 500;
}

export async function createApollo(
  app: FastifyInstance,
  config: BffConfig,
): Promise<ApolloServer<GraphQLContext>> {
  const production = config.NODE_ENV === 'production';
  const armor = new ApolloArmor({
    maxDepth: { n: QUERY_LIMITS.depth, ignoreIntrospection: true },
    maxAliases: { n: QUERY_LIMITS.aliases },
    // Counted by the parser itself (parseOptions below): armor's own count throws from a plugin hook, a 500.
    maxTokens: { enabled: false },
    // Armor's cost ignores `first` and `limit`; query-cost.ts counts them.
    costLimit: { enabled: false },
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
    parseOptions: { maxTokens: QUERY_LIMITS.tokens },
    ...(config.LOG_LEVEL === 'silent' ? {} : { logger: app.log }),
    plugins: [
      // graphql-armor is typed against @apollo/server's CommonJS build, this module against its ES build.
      ...(armor.plugins as unknown as ApolloServerPlugin<GraphQLContext>[]),
      // Apollo's default landing page loads from the internet; the BFF serves its own offline IDE instead.
      ApolloServerPluginLandingPageDisabled(),
      fastifyApolloDrainPlugin(app),
      queryCostPlugin({ maxCost: QUERY_LIMITS.cost, maxSelfNesting: QUERY_LIMITS.selfNesting }),
      responseCachePlugin(),
    ],
    formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError {
      if (formatted.extensions?.code !== 'INTERNAL_SERVER_ERROR') return formatted;
      if (isClientMistake(error))
        return { ...formatted, extensions: { ...formatted.extensions, code: 'BAD_REQUEST' } };
      // A bug's message may name internals; in production the shopper gets a plain sentence instead.
      return production ? { ...formatted, message: INTERNAL_MESSAGE } : formatted;
    },
  });
  await apollo.start();
  return apollo;
}
