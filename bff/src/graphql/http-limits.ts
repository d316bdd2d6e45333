import type { FastifyInstance, FastifyReply } from 'fastify';
import { nestsDeeperThan } from '../../../lib/json-depth.js';
import { QUERY_LIMITS } from './limits.js';

// The bounds of a GraphQL request over HTTP that the GraphQL layer cannot see: the JSON body before it is parsed, and
// the answer once it is serialized.

/** A client mistake: the error handler answers it with this status and message. */
class ClientMistake extends Error {
  readonly statusCode = 400;
}

/**
 * Puts a depth check before this scope's JSON parser (Fastify's own, with its prototype-poisoning checks): an
 * over-deep body is refused (400) after one linear scan, before JSON.parse recurses into it. The root scope's JSON
 * bodies are GraphQL requests; the REST pass-through reads its bodies as bytes in a scope of its own.
 */
export function refuseDeepJson(app: FastifyInstance, maxDepth: number = QUERY_LIMITS.jsonDepth): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser<string>('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (nestsDeeperThan(body, maxDepth)) {
      done(new ClientMistake(`The JSON body nests deeper than ${maxDepth} levels.`), undefined);
      return;
    }
    void parseJson(request, body, done);
  });
}

/**
 * The serialized answer, or an error in its place (400) when it is larger than `maxBytes`: the last line behind the
 * query cost, which bounds the objects but not how long their strings are.
 */
export function boundedAnswer(
  reply: FastifyReply,
  payload: unknown,
  maxBytes: number = QUERY_LIMITS.answerBytes,
): unknown {
  // A UTF-16 unit is at most 3 bytes of UTF-8: most answers are known to fit without counting.
  if (typeof payload !== 'string' || payload.length * 3 <= maxBytes) return payload;
  const bytes = Buffer.byteLength(payload);
  if (bytes <= maxBytes) return payload;
  void reply.code(400);
  const megabytes = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;
  return JSON.stringify({
    errors: [
      {
        message: `This answer would be ${megabytes(bytes)}; the limit is ${megabytes(maxBytes)}. Ask for fewer items (first, limit) or fewer fields.`,
        extensions: { code: 'BAD_USER_INPUT', answerBytes: bytes, maxAnswerBytes: maxBytes },
      },
    ],
  });
}
