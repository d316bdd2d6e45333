// A served page inlines only the rules its own markup can match, so its HTML fits a new connection's first
// round trip; boot.ts adds the whole stylesheet once the page has painted (docs/decisions/008).
import { escapeHtml } from '../shared/escape-html.ts';

/** One rule of the built stylesheet, as web/build/stylesheet-index.ts reads it. */
export interface StyleRule {
  /** The at-rules around it, outermost first (`@media (width>=768px)`). */
  at: string[];
  css: string;
  /** The selector list's selectors, each as the classes it names; absent: every page needs the rule. */
  classes?: string[][];
}

export interface StylesheetIndex {
  /** The whole stylesheet's URL, as the built index.html links it. */
  href: string;
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

/** The rules `html`'s markup may match, in the stylesheet's order, inside their at-rules. */
export function pageCss(html: string, rules: readonly StyleRule[]): string {
  const present = classesIn(html);
  const needed = (rule: StyleRule) =>
    rule.classes === undefined ||
    rule.classes.some((selector) => selector.every((name) => present.has(name)));
  let css = '';
  let open: readonly string[] = [];
  for (const rule of rules) {
    if (!needed(rule)) continue;
    let shared = 0;
    while (shared < open.length && open[shared] === rule.at[shared]) shared += 1;
    css += '}'.repeat(open.length - shared);
    css += rule.at
      .slice(shared)
      .map((at) => `${at}{`)
      .join('');
    css += rule.css;
    open = rule.at;
  }
  return css + '}'.repeat(open.length);
}

/**
 * `html` with the link to the whole stylesheet replaced by the rules its markup needs, after the fonts'
 * fallbacks; the link's address stays on the style element for boot.ts. A document that does not link
 * `stylesheet.href` is returned as it is.
 */
export function withPageStyles(html: string, stylesheet: StylesheetIndex, fonts: PageFonts): string {
  const link = new RegExp(
    `<link rel="stylesheet"[^>]*href="${stylesheet.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
  );
  if (!link.test(html)) return html;
  const css = pageCss(html, stylesheet.rules);
  return html.replace(
    link,
    () =>
      `<style data-sheet="${escapeHtml(stylesheet.href)}">${fonts.fallbacks}${css}</style>` +
      `<noscript><style>${fonts.faces}</style></noscript>`,
  );
}
