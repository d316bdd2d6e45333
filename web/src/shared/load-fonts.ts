import FONT_FACES from './fonts.css?inline';
import { drawnCharacterOf } from './unicode-range';

const unquoted = (value: string) => value.replace(/^(["'])(.*)\1$/, '$2');

/** The @font-face rules of `css` as faces not yet declared to the document. */
function facesOf(css: string): FontFace[] {
  const sheet = new CSSStyleSheet();
  sheet.replaceSync(css);
  return [...sheet.cssRules]
    .filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule)
    .map(({ style }) => {
      const descriptor = (name: string, otherwise: string) => style.getPropertyValue(name) || otherwise;
      return new FontFace(unquoted(descriptor('font-family', '')), descriptor('src', ''), {
        style: descriptor('font-style', 'normal'),
        weight: descriptor('font-weight', 'normal'),
        display: descriptor('font-display', 'swap') as FontDisplay,
        unicodeRange: descriptor('unicode-range', 'U+0-10FFFF'),
      });
    });
}

/**
 * Declares the store's own faces (fonts.css), which a served page leaves to this, after its first paint: fetched
 * with the page, they would be on its first paint's path, for text already drawn in their fallbacks
 * (fallback-fonts.css). The files `text` needs are loaded before any face is declared, so the page's text is laid
 * out again once, when they all are; any other loads when some text needs it.
 */
export async function loadFonts(text: string): Promise<void> {
  let faces: FontFace[];
  try {
    faces = facesOf(FONT_FACES);
  } catch {
    // A browser without constructable stylesheets (Safari before 16.4) gets the rules as they are.
    document.head.append(Object.assign(document.createElement('style'), { textContent: FONT_FACES }));
    return;
  }
  const needed = faces.filter((face) => drawnCharacterOf(face.unicodeRange).test(text));
  await Promise.allSettled(needed.map((face) => face.load()));
  for (const face of faces) document.fonts.add(face);
}
