import type { SheetRule } from '../prerender/page-styles';
import { inNextTask } from './next-task';

// A served page inlines the rules its markup can match, inside every block of the stylesheet (page-styles.ts). Once
// it has painted, the rest is put back in place in that same sheet: rules added to a sheet restyle only the elements
// they can match, none of the page's, where the whole stylesheet linked after it restyled every element (one task,
// 6–8 ms on this machine: decision 008). In place, the cascade is the whole stylesheet's.

/** The page's blocks (the at-rules web/build/stylesheet-index.ts calls `GROUPING`), in the order it numbers them. */
function blocksOf(list: CSSRuleList, blocks: CSSGroupingRule[] = []): CSSGroupingRule[] {
  for (const rule of list)
    if (rule instanceof CSSConditionRule || rule instanceof CSSLayerBlockRule) {
      blocks.push(rule);
      blocksOf(rule.cssRules, blocks);
    }
  return blocks;
}

/**
 * Adds to `sheet`, a page's own rules, the rules of `rules` it left out, each in its place, a few milliseconds' worth
 * per task; `kept` is the page's list of the rules it holds. Returns false, having added nothing, when the sheet is
 * not the one `kept` describes (a browser that dropped a rule it cannot read); throws on a `kept` that is not base64.
 */
export async function putBackTheRest(
  sheet: CSSStyleSheet,
  rules: readonly SheetRule[],
  kept: string,
): Promise<boolean> {
  const bits = atob(kept);
  // The sheet, then its blocks: block n is container n + 1.
  const containers: (CSSStyleSheet | CSSGroupingRule)[] = [sheet, ...blocksOf(sheet.cssRules)];
  // How many rules each container holds, and where each rule left out goes once the ones before it are in.
  const held = containers.map(() => 0);
  const placed = containers.map(() => 0);
  const missing: [container: number, at: number, css: string][] = [];
  let open: readonly number[] = [];
  rules.forEach(([blocks, css], index) => {
    let shared = 0;
    while (shared < open.length && open[shared] === blocks[shared]) shared += 1;
    for (; shared < blocks.length; shared += 1) {
      const parent = shared === 0 ? 0 : blocks[shared - 1]! + 1;
      held[parent]! += 1;
      placed[parent]! += 1;
    }
    open = blocks;
    const container = (blocks.at(-1) ?? -1) + 1;
    if (((bits.charCodeAt(index >> 3) >> (index % 8)) & 1) === 1) held[container]! += 1;
    else missing.push([container, placed[container]!, css]);
    placed[container]! += 1;
  });
  if (held.some((count, container) => count !== containers[container]?.cssRules.length)) return false;

  // A rule this browser cannot read is left out, as a stylesheet leaves it out; the ones after it move up.
  const skipped = containers.map(() => 0);
  let started = performance.now();
  for (const [container, at, css] of missing) {
    try {
      containers[container]!.insertRule(css, at - skipped[container]!);
    } catch {
      skipped[container]! += 1;
    }
    if (performance.now() - started > 4) {
      await inNextTask();
      started = performance.now();
    }
  }
  return true;
}
