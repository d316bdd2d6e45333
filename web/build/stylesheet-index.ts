import postcss, { type ChildNode } from 'postcss';
import type { SheetRule, StyleRule } from '../src/prerender/page-styles.ts';

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

interface Around {
  at: string[];
  blocks: number[];
}

/** A declaration the page keeps apart (`StyleRule.apart`): an animation's, which Chromium's DevTools look up. */
const isAnimation = (node: ChildNode) => node.type === 'decl' && node.prop.startsWith('animation');

function collect(
  nodes: readonly ChildNode[],
  around: Around,
  rules: StyleRule[],
  blocks: { count: number },
): void {
  for (const node of nodes) {
    if (node.type === 'rule') {
      const classes = classesOfSelector(node.selector);
      const animation = node.clone({ nodes: node.nodes.filter(isAnimation).map((child) => child.clone()) });
      const rest = node.clone({
        nodes: node.nodes.filter((child) => !isAnimation(child)).map((child) => child.clone()),
      });
      if (animation.nodes.length > 0) rules.push({ ...around, css: animation.toString(), apart: true });
      if (rest.nodes.length > 0 || animation.nodes.length === 0)
        rules.push({ ...around, css: rest.toString(), ...(classes && { classes }) });
    } else if (node.type === 'atrule' && GROUPING.has(node.name) && node.nodes !== undefined) {
      const at = `@${node.name}${node.raws.afterName ?? ' '}${node.params}`;
      const block = blocks.count++;
      collect(node.nodes, { at: [...around.at, at], blocks: [...around.blocks, block] }, rules, blocks);
    } else if (node.type === 'atrule') {
      const css = node.nodes === undefined ? `${node.toString()};` : node.toString();
      rules.push({ ...around, css, ...(around.blocks.length === 0 && { apart: true }) });
    }
  }
}

/**
 * Numbers the blocks that hold a rule not kept apart, in order: the blocks of a page's own sheet, which
 * rest-of-stylesheet.ts finds by their place.
 */
function numberBlocks(rules: StyleRule[]): StyleRule[] {
  const numbers = new Map<number, number>();
  for (const rule of rules)
    if (rule.apart !== true)
      for (const block of rule.blocks) if (!numbers.has(block)) numbers.set(block, numbers.size);
  return rules.map((rule) => ({ ...rule, blocks: rule.blocks.map((block) => numbers.get(block) ?? -1) }));
}

/**
 * The rules of `css`, in order, each with the blocks around it and the classes it asks for. A rule's animation
 * declarations are a rule of their own, kept apart with the @keyframes: together, in their order, so the cascade is
 * the stylesheet's (no rule may declare `all`).
 */
export function stylesheetRules(css: string): StyleRule[] {
  const root = postcss.parse(css);
  root.walkDecls('all', () => {
    throw new Error('stylesheet: a rule declares `all`, which would reset the animations kept apart');
  });
  const rules: StyleRule[] = [];
  collect(root.nodes, { at: [], blocks: [] }, rules, { count: 0 });
  return numberBlocks(rules);
}

/** Where the app finds the stylesheet's rules (rest-of-stylesheet.ts): beside it, named by the same hash. */
export const rulesFileOf = (stylesheet: string): string => stylesheet.replace(/\.css$/, '.rules.json');

/** The stylesheet's rules as the app reads them, in order: the blocks around each and its text. */
export function rulesForTheApp(rules: readonly StyleRule[]): string {
  const sheet: SheetRule[] = rules
    .filter((rule) => rule.apart !== true)
    .map(({ blocks, css }) => [blocks, css]);
  return JSON.stringify(sheet);
}
