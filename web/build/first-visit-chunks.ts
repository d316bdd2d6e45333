import type { Plugin } from 'vite';

// One chunk for everything the app's code (src/main.tsx) runs at start, however many lazy pages share those
// modules. Left to the automatic splitting, what main.tsx shares with the pages and with the lazily loaded Apollo
// Client comes out as about twenty small chunks: about 8 KiB more gzip than one file, and on a slow phone
// connection more requests in the first visit's critical path.

interface ChunkGroup {
  name: string;
  priority: number;
  test: (id: string) => boolean;
}

/**
 * Rolldown chunk groups, filled in once the module graph is known: `app`, what `start` statically imports, and
 * `boot`, what the page's entry (`entry`, which loads `start` after the paint) imports besides itself, such as the
 * early-tap listeners the app later takes over. A group also takes in its modules' dependencies, so without
 * `boot` the entry would import `app` and load it with the page.
 *
 * Modules that `lazy` parts reach stay out of `app`: a barrel (such as @apollo/client's index) makes all of a
 * library reachable though `start` uses a few of its modules, and what the lazily loaded Apollo Client core
 * reaches stays with it. The bundler still adds to `app` what its modules really use.
 */
export function firstVisitChunks(options: { entry: string; start: string; lazy: readonly string[] }): {
  plugin: Plugin;
  groups: ChunkGroup[];
} {
  const app = new Set<string>();
  const boot = new Set<string>();
  const plugin: Plugin = {
    name: 'first-visit-chunks',
    apply: 'build',
    buildEnd() {
      app.clear();
      boot.clear();
      const ids = [...this.getModuleIds()];
      const find = (suffix: string) => ids.filter((id) => id.endsWith(suffix));
      const staticClosure = (start: readonly string[]) => {
        const seen = new Set<string>();
        const pending = [...start];
        while (pending.length > 0) {
          const id = pending.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          pending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entryIds = find(options.entry);
      const startIds = find(options.start);
      const lazy = staticClosure(options.lazy.flatMap(find));
      for (const id of staticClosure(entryIds)) if (!entryIds.includes(id)) boot.add(id);
      // `start` itself stays the small chunk the entry imports.
      for (const id of staticClosure(startIds))
        if (!lazy.has(id) && !boot.has(id) && !startIds.includes(id)) app.add(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'boot', priority: 2, test: (id) => boot.has(id) },
      { name: 'app', priority: 1, test: (id) => app.has(id) },
    ],
  };
}
