import type { FastifyInstance, FastifyReply } from 'fastify';
import { nestsDeeperThan } from '../../../lib/json-depth.js';
import { QUERY_LIMITS } from './limits.js';

// Bounds the GraphQL layer cannot see: the JSON body before it is parsed, the answer once it is serialized.

class ClientMistake extends Error {
  readonly statusCode = 400;
}

/** One linear scan refuses an over-deep body before JSON.parse recurses into it. */
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

/** An error (400) in place of an answer over `maxBytes`: the cost bounds objects, not their strings. */
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
