// A served page inlines only the rules its own markup can match, so its HTML fits a new connection's first
// round trip; once it has painted, the app puts the rest back in place (rest-of-stylesheet.ts, decision 008).
import { escapeHtml } from '../shared/escape-html.ts';

/** One rule of the built stylesheet, as web/build/stylesheet-index.ts reads it. */
export interface StyleRule {
  /** The at-rules around it, outermost first (`@media (width>=768px)`). */
  at: string[];
  /** The same blocks, each as its place among the stylesheet's blocks: two blocks of one at-rule are two. */
  blocks: number[];
  css: string;
  /** The selector list's selectors, each as the classes it names; absent: every page needs the rule. */
  classes?: string[][];
  /**
   * Kept by every page in a style element of its own, never changed: at-rules outside any block (@keyframes), and
   * each rule's animation declarations. Chromium's DevTools, which Lighthouse runs pages under, reread the whole
   * text of a sheet changed in place (rest-of-stylesheet.ts) when an animation declared in it starts: about 20 ms
   * in one task.
   */
  apart?: true;
}

/**
 * One rule of the stylesheet not kept apart, as the build writes them for the app (rest-of-stylesheet.ts): its
 * `blocks` and its text.
 */
export type SheetRule = readonly [blocks: readonly number[], css: string];

export interface StylesheetIndex {
  /** The whole stylesheet's URL, as the built index.html links it. */
  href: string;
  /** Its rules as the app reads them (rest-of-stylesheet.ts). */
  rulesHref: string;
  rules: StyleRule[];
}

/** The faces a served page declares itself (fonts.css and fallback-fonts.css), minified. */
export interface PageFonts {
  /** The fonts' fallbacks, in which the page's text is drawn until load-fonts.ts declares the fonts. */
  fallbacks: string;
  /** The fonts, for a page without scripts. */
  faces: string;
}

const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, names] of html.matchAll(CLASS_ATTRIBUTE))
    for (const name of names!.split(/\s+/)) if (name !== '') classes.add(name);
  return classes;
}

/** What a page inlines of the stylesheet. */
export interface PageCss {
  /**
   * The rules its markup may match, in the stylesheet's order, inside every block of the stylesheet, those left
   * empty too: the app adds the other rules in their places, and a rule added to a block already there restyles
   * only the elements it can match (rest-of-stylesheet.ts).
   */
  css: string;
  /** Which of the stylesheet's rules not kept apart it holds, one bit each in their order, base64. */
  kept: string;
  /** The rules kept apart (`StyleRule.apart`), each inside its at-rules. */
  apart: string;
}

export function pageCss(html: string, rules: readonly StyleRule[]): PageCss {
  const present = classesIn(html);
  const needed = (rule: StyleRule) =>
    rule.classes === undefined ||
    rule.classes.some((selector) => selector.every((name) => present.has(name)));
  const held: boolean[] = [];
  let css = '';
  let apart = '';
  let open: readonly number[] = [];
  for (const rule of rules) {
    if (rule.apart === true) {
      apart += rule.at.map((at) => `${at}{`).join('') + rule.css + '}'.repeat(rule.at.length);
      continue;
    }
    let shared = 0;
    while (shared < open.length && open[shared] === rule.blocks[shared]) shared += 1;
    css += '}'.repeat(open.length - shared);
    css += rule.at
      .slice(shared)
      .map((at) => `${at}{`)
      .join('');
    open = rule.blocks;
    held.push(needed(rule));
    if (held.at(-1) === true) css += rule.css;
  }
  return { css: css + '}'.repeat(open.length), kept: inBase64(held), apart };
}

/** One bit per flag, the first in the first byte's lowest bit. */
function inBase64(flags: readonly boolean[]): string {
  let bytes = '';
  for (let start = 0; start < flags.length; start += 8) {
    let byte = 0;
    for (let bit = 0; bit < 8; bit += 1) if (flags[start + bit] === true) byte |= 1 << bit;
    bytes += String.fromCharCode(byte);
  }
  return btoa(bytes);
}

/**
 * `html` with the link to the whole stylesheet replaced by two style elements: the fonts' fallbacks with the rules
 * kept apart, then the rules its markup needs, naming the stylesheet, its rules file and the rules it holds for
 * boot.ts. A document that does not link `stylesheet.href` is returned as it is.
 */
export function withPageStyles(html: string, stylesheet: StylesheetIndex, fonts: PageFonts): string {
  const link = new RegExp(
    `<link rel="stylesheet"[^>]*href="${stylesheet.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
  );
  if (!link.test(html)) return html;
  const { css, kept, apart } = pageCss(html, stylesheet.rules);
  return html.replace(
    link,
    () =>
      `<style>${fonts.fallbacks}${apart}</style>` +
      `<style data-sheet="${escapeHtml(stylesheet.href)}" data-rules="${escapeHtml(stylesheet.rulesHref)}" ` +
      `data-kept="${kept}">${css}</style><noscript><style>${fonts.faces}</style></noscript>`,
  );
}
