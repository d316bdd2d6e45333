import { describe, expect, it } from 'vitest';
import { classesOfSelector, stylesheetRules } from '../../build/stylesheet-index.ts';
import { pageCss, withPageStyles } from './page-styles';

const SHEET = [
  ':root{--gap:1rem}',
  'body{margin:0}',
  '.card_a{color:red}',
  '.card_a .title_b,.hero_c{font-weight:600}',
  '.button_d:hover:not(.busy_e){color:blue}',
  'a[href$=".pdf"]{color:green}',
  '@media (width>=768px){.card_a{padding:2rem}.menu_f{display:flex}}',
  '@media (width>=768px){@supports (display:grid){.card_a{display:grid}.menu_f{display:grid}}}',
  '@keyframes spin{to{transform:rotate(1turn)}}',
  '.menu_f[data-open]{display:block}',
  '.spinner_g{width:1rem;animation:1s spin}',
  '@media (prefers-reduced-motion:reduce){.spinner_g{animation:none}}',
  '@media (width>=1100px){.menu_f{gap:2rem}}',
].join('');

/** Which rules a page's `kept` names, by their place among the rules not kept apart. */
function keptOf(kept: string, count: number): number[] {
  const bits = atob(kept);
  return [...Array(count).keys()].filter((index) => ((bits.charCodeAt(index >> 3) >> (index % 8)) & 1) === 1);
}

describe("a page's own rules", () => {
  it('reads each selector of a list as the classes it names, outside negations and attribute values', () => {
    expect(classesOfSelector('.a .b:hover>span,.c')).toEqual([['a', 'b'], ['c']]);
    expect(classesOfSelector('.a:not(.b)')).toEqual([['a']]);
    expect(classesOfSelector('a[href$=".pdf"]')).toBeUndefined();
    expect(classesOfSelector('.a,body')).toBeUndefined();
  });

  it("keeps the rules the markup's classes can match, in order, inside every block of the sheet", () => {
    const rules = stylesheetRules(SHEET);
    const page = pageCss('<div class="card_a"><h2 class=" title_b ">x</h2></div>', rules);
    expect(page.css).toBe(
      [
        ':root{--gap:1rem}',
        'body{margin:0}',
        '.card_a{color:red}',
        '.card_a .title_b,.hero_c{font-weight:600}',
        'a[href$=".pdf"]{color:green}',
        // Two blocks of one at-rule stay two, and a block the page needs nothing of stays too: the app puts the
        // rest back in them (rest-of-stylesheet.ts).
        '@media (width>=768px){.card_a{padding:2rem}}',
        '@media (width>=768px){@supports (display:grid){.card_a{display:grid}}}',
        '@media (width>=1100px){}',
      ].join(''),
    );
    expect(keptOf(page.kept, rules.filter((rule) => rule.apart !== true).length)).toEqual([
      0, 1, 2, 3, 5, 6, 8,
    ]);
  });

  it('keeps apart, whatever the page, the @keyframes and every animation declaration, in their order', () => {
    const rules = stylesheetRules(SHEET);
    expect(rules.filter((rule) => rule.apart === true).map((rule) => [rule.at, rule.css])).toEqual([
      [[], '@keyframes spin{to{transform:rotate(1turn)}}'],
      [[], '.spinner_g{animation:1s spin}'],
      [['@media (prefers-reduced-motion:reduce)'], '.spinner_g{animation:none}'],
    ]);
    // The rest of the rule stays in its place; the blocks are numbered as a page's sheet holds them.
    expect(rules.find((rule) => rule.css === '.spinner_g{width:1rem}')).toMatchObject({ blocks: [] });
    expect(rules.find((rule) => rule.css === '.menu_f{gap:2rem}')).toMatchObject({ blocks: [3] });
    expect(pageCss('<p></p>', rules).apart).toBe(
      '@keyframes spin{to{transform:rotate(1turn)}}.spinner_g{animation:1s spin}' +
        '@media (prefers-reduced-motion:reduce){.spinner_g{animation:none}}',
    );
    expect(() => stylesheetRules('.a{all:unset}')).toThrow(/all/);
  });

  it('keeps a rule when any selector of its list can match, and every state of a present class', () => {
    const { css } = pageCss(
      '<nav class="menu_f"><b class="hero_c button_d"></b></nav>',
      stylesheetRules(SHEET),
    );
    expect(css).toContain('.card_a .title_b,.hero_c{font-weight:600}');
    expect(css).toContain('.button_d:hover:not(.busy_e){color:blue}');
    expect(css).toContain('.menu_f[data-open]{display:block}');
    expect(css).toContain('@media (width>=768px){.menu_f{display:flex}}');
    expect(css).toContain('@media (width>=768px){@supports (display:grid){.menu_f{display:grid}}}');
    expect(css).not.toContain('.card_a{');
  });

  it("replaces the whole stylesheet's link with the fonts' fallbacks and the page's rules, naming the sheet for boot.ts", () => {
    const stylesheet = {
      href: '/assets/style-x.css',
      rulesHref: '/assets/style-x.rules.json',
      rules: stylesheetRules(SHEET),
    };
    const fonts = {
      fallbacks: '@font-face{font-family:Outfit fallback;src:local(Arial)}',
      faces: '@font-face{font-family:Outfit;src:url(/a.woff2)}',
    };
    const page =
      '<html><head><link rel="stylesheet" crossorigin href="/assets/style-x.css"></head>' +
      '<body><p class="hero_c">Shoes</p></body></html>';
    const served = withPageStyles(page, stylesheet, fonts);
    expect(served).not.toContain('<link rel="stylesheet"');
    expect(served).toContain(`<style>${fonts.fallbacks}@keyframes spin{`);
    expect(served).toMatch(
      /<style data-sheet="\/assets\/style-x\.css" data-rules="\/assets\/style-x\.rules\.json" data-kept="[\w+/=]+">:root/,
    );
    expect(served).toContain('.hero_c{font-weight:600}');
    expect(served).not.toContain('.menu_f');
    // The fonts themselves only for a page without scripts: load-fonts.ts declares them once the page has painted.
    expect(served).toContain(`</style><noscript><style>${fonts.faces}</style></noscript></head>`);
    // A document that links another sheet, or none, is left as it is.
    const other = page.replace('style-x.css', 'style-y.css');
    expect(withPageStyles(other, stylesheet, fonts)).toBe(other);
  });
});
