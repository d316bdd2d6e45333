import fc from 'fast-check';

/** Values a hostile or broken client might send in any field: wrong types, huge and odd strings, odd numbers. */
export const nasty = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-1, 0, 1.5, 1e308, -0, Number.MAX_SAFE_INTEGER + 2, 100, 99.9999),
  fc.constantFrom(
    null,
    true,
    false,
    '',
    ' ',
    '\u0000',
    '𝓢𝓱𝓸𝓮',
    '<script>alert(1)</script>',
    "'; DROP TABLE users; --",
  ),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

export const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype');

/** An object with some of these keys set to hostile values, sometimes with one extra (possibly prototype-polluting) key. */
export const objectWith = (keys: readonly string[]) =>
  fc
    .tuple(
      fc.record(Object.fromEntries(keys.map((k) => [k, nasty])), { requiredKeys: [] }),
      fc.option(fc.tuple(fc.oneof(protoKeys, fc.string({ maxLength: 10 })), nasty), { nil: undefined }),
    )
    .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
