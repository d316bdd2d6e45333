/**
 * A value built when first asked for, then kept. For schemas and statecharts a module would otherwise build as it
 * is evaluated: a first visit evaluates the app's code in one task, which a phone's shopper waits through
 * (docs/measured-figures.md), however little of it the page uses.
 */
export function onFirstUse<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
