import type { Plugin } from 'vite';

// Two chunks for everything src/main.tsx runs at start, React's and the rest: the automatic splitting makes about
// twenty small chunks of it, about 8 KiB more gzip and more requests in a slow phone's critical path.

const inPackage = (id: string, packages: readonly string[]) =>
  packages.some((name) => id.includes(`/node_modules/${name}/`));

interface ChunkGroup {
  name: string;
  priority: number;
  test: (id: string) => boolean;
}

/**
 * Rolldown chunk groups, filled in once the module graph is known: `app`, what `start` statically imports (itself
 * included), less the `framework` packages, which make a chunk of their own that `entry` evaluates in a task
 * before (one evaluation of both was a long task); and `boot`, what `entry` (which loads `start` after the paint)
 * imports; without `boot`, `entry` would load `app`. Modules `lazy` parts reach stay out of `app` (a barrel such as
 * @apollo/client's reaches a whole library); the bundler still adds to `app` what its modules really use. What the
 * landing pages' chunks all import (`shared`) joins `app` too: split out, each piece was a request of its own whose
 * headers (about 0.5 KiB) weighed as much as its code.
 */
export function firstVisitChunks(options: {
  entry: string;
  start: string;
  lazy: readonly string[];
  shared: readonly string[];
  framework: readonly string[];
}): {
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
      for (const id of staticClosure([...startIds, ...options.shared.flatMap(find)]))
        if (!lazy.has(id) && !boot.has(id)) app.add(id);
    },
  };
  return {
    plugin,
    groups: [
      { name: 'boot', priority: 3, test: (id) => boot.has(id) },
      { name: 'framework', priority: 2, test: (id) => app.has(id) && inPackage(id, options.framework) },
      { name: 'app', priority: 1, test: (id) => app.has(id) },
    ],
  };
}
