// The routes' page chunks by path (app/routes.tsx registers them), so a page can fetch the next one before it
// sends the shopper there: a route change whose chunk is here paints at once, never the fallback.
const loaders = new Map<string, () => Promise<unknown>>();

/** One loader per page: the route's `lazy` and any `preloadPage` share its download. */
export function pageChunk<T>(path: string, load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  const once = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed download (a flaky network) is tried again on the next call, not failed for good.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  loaders.set(path, once);
  return once;
}

/** Fetches a page's chunk; resolves (never rejects) once it is here or could not be fetched. */
export function preloadPage(path: string): Promise<void> {
  const load = loaders.get(path);
  return load === undefined
    ? Promise.resolve()
    : load().then(
        () => undefined,
        () => undefined,
      );
}
