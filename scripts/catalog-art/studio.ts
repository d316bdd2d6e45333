// The studio every view is shot in: a light warm-grey sweep and a soft contact shadow under the shoe, like the
// product photos of a shop's grid.

import { ART_SIZE } from './geometry.js';
import type { Defs } from './materials.js';

export function backdrop(defs: Defs): string {
  defs.add(
    'sweep',
    `<radialGradient id="sweep" cx=".5" cy=".42" r=".75"><stop offset="0" stop-color="#f5f3f0"/><stop offset=".7" stop-color="#ece9e5"/><stop offset="1" stop-color="#e2dfda"/></radialGradient>`,
  );
  return `<rect width="${ART_SIZE}" height="${ART_SIZE}" fill="url(#sweep)"/>`;
}

/** A contact shadow along the ground between x0 and x1: a wide soft penumbra and a tight dark core. */
export function contactShadow(defs: Defs, x0: number, x1: number, y: number, depth = 1): string {
  defs.add(
    'blurWide',
    `<filter id="blurWide" x="-.3" y="-2" width="1.6" height="5"><feGaussianBlur stdDeviation="14"/></filter>`,
  );
  defs.add(
    'blurCore',
    `<filter id="blurCore" x="-.2" y="-2" width="1.4" height="5"><feGaussianBlur stdDeviation="4"/></filter>`,
  );
  const cx = (x0 + x1) / 2;
  const rx = (x1 - x0) / 2;
  return (
    `<ellipse cx="${cx}" cy="${y + 6}" rx="${rx * 1.02}" ry="${16 * depth}" fill="#3b3128" opacity=".2" filter="url(#blurWide)"/>` +
    `<ellipse cx="${cx}" cy="${y + 1}" rx="${rx * 0.94}" ry="${5 * depth}" fill="#241c16" opacity=".38" filter="url(#blurCore)"/>`
  );
}

/** A drop shadow for views seen from above or below (the shoe lies on the sweep). */
export function liftShadow(defs: Defs, d: string, dx = 10, dy = 16): string {
  defs.add(
    'blurLift',
    `<filter id="blurLift" x="-.2" y="-.3" width="1.4" height="1.6"><feGaussianBlur stdDeviation="12"/></filter>`,
  );
  return `<path d="${d}" transform="translate(${dx} ${dy})" fill="#2e251d" opacity=".22" filter="url(#blurLift)"/>`;
}

export function svgDocument(defs: Defs, title: string, body: string): string {
  const safe = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ART_SIZE}" height="${ART_SIZE}" viewBox="0 0 ${ART_SIZE} ${ART_SIZE}">` +
    `<title>${safe}</title>${defs.toString()}${body}</svg>\n`
  );
}
