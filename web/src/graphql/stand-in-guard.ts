// The stand-in answers what Apollo's hooks call today; a newer Apollo may call something else. A development
// build (and every web test) then throws, naming the member, rather than read `undefined`.

/** Asked of any object by the language and the tools, not by Apollo: answered as undefined. */
const PROBES = new Set([
  'then',
  'toJSON',
  'asymmetricMatch',
  'nodeType',
  'tagName',
  '$$typeof',
  '@@__IMMUTABLE_ITERABLE__@@',
  '@@__IMMUTABLE_RECORD__@@',
]);

export function lacksNothing<T extends object>(standIn: T, standsInFor: string): T {
  if (!import.meta.env.DEV) return standIn;
  return new Proxy(standIn, {
    get(target, key, receiver) {
      if (typeof key === 'string' && !(key in target) && !PROBES.has(key)) {
        throw new Error(
          `The first visit's stand-in for ${standsInFor} lacks "${key}": @apollo/client calls a member it does not implement. ` +
            'Implement it in web/src/graphql/server-results-client.ts (see docs/decisions/017-first-visit-without-the-client.md).',
        );
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}
