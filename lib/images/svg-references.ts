// Catalogue art may be SVG, which is rasterized on the server. An SVG that points outside itself (an image, a
// stylesheet, another document's symbol) would make the rasterizer reach for files or URLs, so it is refused: only
// references inside the document (`#id`) are taken.

const EXTERNAL_REFERENCES: ReadonlyArray<{ pattern: RegExp; what: string }> = [
  // Any href or xlink:href whose value does not start with '#' (entities and spaces included: `&#104;ttp:` is refused).
  { pattern: /\bhref\s*=\s*(["'])(?!#)/i, what: 'a link to another resource (href)' },
  { pattern: /<\s*(?:svg:)?image\b/i, what: 'an <image> element' },
  { pattern: /@import\b/i, what: 'a stylesheet import (@import)' },
  { pattern: /\burl\s*\(\s*["']?\s*(?![\s"'#])/i, what: 'a url() outside the document' },
  // Entities may be declared to pull files in (XXE); art never needs them.
  { pattern: /<!ENTITY\b/i, what: 'an entity declaration' },
  { pattern: /<\s*(?:svg:)?foreignObject\b/i, what: 'embedded HTML (foreignObject)' },
];

/** What in the SVG text refers outside the document, or undefined when nothing does. */
export function externalReferenceIn(svg: string): string | undefined {
  return EXTERNAL_REFERENCES.find(({ pattern }) => pattern.test(svg))?.what;
}
