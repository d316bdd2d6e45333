import send from '@fastify/send';
import type { FastifyInstance } from 'fastify';

// A folder's files served at a prefix, each found by its name alone. @fastify/static's wildcard route reads every
// folder on the path for each request (20,000 photos: 37 ms a request), and its per-file routes list the folder at
// every start; neither is needed on a case-sensitive file system whose paths no other route guards.

export interface FilesByNameOptions {
  /** `/images/`: the URL path the names follow. */
  prefix: `/${string}/`;
  dir: string;
  /** The whole path after the prefix that may name a file; anything else is not found before the disk is read. */
  name: RegExp;
  /** Added to every file answer. */
  headers?: Readonly<Record<string, string>>;
}

/** Long-cached (a year, immutable: a file's name changes with its content) GET and HEAD of the folder's files. */
export function serveFilesByName(
  app: FastifyInstance,
  { prefix, dir, name, headers = {} }: FilesByNameOptions,
): void {
  app.get<{ Params: { '*': string } }>(`${prefix}*`, async (request, reply) => {
    const path = request.params['*'];
    if (!name.test(path)) return reply.callNotFound();
    // send refuses `..` and dot files itself; the name pattern already leaves them out.
    const sent = await send(request.raw, path, { root: dir, immutable: true, maxAge: '365d', index: false });
    if (sent.type !== 'file') {
      sent.stream.destroy();
      return reply.callNotFound();
    }
    return reply.code(sent.statusCode).headers(sent.headers).headers(headers).send(sent.stream);
  });
}
