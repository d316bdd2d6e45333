import postcss, { type ChildNode } from 'postcss';
import type { StyleRule } from '../src/prerender/page-styles.ts';

// The built stylesheet as rules a page keeps or leaves out by the classes it has (src/prerender/page-styles.ts).

/** At-rules whose rules are chosen one by one; any other at-rule (@font-face, @keyframes) every page keeps. */
const GROUPING = new Set(['media', 'supports', 'container', 'layer']);

/** What `(…)` and `[…]` hold, left out: `:not(.a)` or `[href$=".pdf"]` asks no class of the page. */
function outsideBrackets(selector: string): string {
  let depth = 0;
  let kept = '';
  for (const char of selector) {
    if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) kept += char;
  }
  return kept;
}

/** Each selector of the list as the classes a page needs for it to match; undefined when one needs none. */
export function classesOfSelector(selectorList: string): string[][] | undefined {
  const selectors = outsideBrackets(selectorList)
    .split(',')
    .map((selector) => [...selector.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map(([, name]) => name!));
  return selectors.some((classes) => classes.length === 0) ? undefined : selectors;
}

function collect(nodes: readonly ChildNode[], at: string[], rules: StyleRule[]): void {
  for (const node of nodes) {
    if (node.type === 'rule') {
      const classes = classesOfSelector(node.selector);
      rules.push({ at, css: node.toString(), ...(classes && { classes }) });
    } else if (node.type === 'atrule' && GROUPING.has(node.name) && node.nodes !== undefined) {
      collect(node.nodes, [...at, `@${node.name}${node.raws.afterName ?? ' '}${node.params}`], rules);
    } else if (node.type === 'atrule') {
      rules.push({ at, css: node.nodes === undefined ? `${node.toString()};` : node.toString() });
    }
  }
}

/** The rules of `css`, in order, each with the at-rules around it and the classes it asks for. */
export function stylesheetRules(css: string): StyleRule[] {
  const rules: StyleRule[] = [];
  collect(postcss.parse(css).nodes, [], rules);
  return rules;
}
