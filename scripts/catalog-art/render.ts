// One product's views as SVG documents: the side profile (the card's picture), the view from above, the sole.

import type { Design } from './design.js';
import { Defs } from './materials.js';
import { closedSide, GROUND } from './side-closed.js';
import { muleSide } from './side-mule.js';
import { sandalSide } from './side-sandal.js';
import { soleView } from './sole-view.js';
import { backdrop, contactShadow, svgDocument } from './studio.js';
import { fitFlat, fitSide } from './framing.js';
import { topView } from './top-view.js';

export const VIEWS = ['side', 'top', 'sole'] as const;
export type View = (typeof VIEWS)[number];

/** Sandals, slides and flip-flops: a footbed and straps, drawn from a little above and in front. */
const SANDAL_KINDS: readonly Design['kind'][] = [
  'sportSandal',
  'strappy',
  'slide',
  'floater',
  'fisherman',
  'flipflop',
];

export const imagePath = (id: string, view: View): string => `/images/${id}-${view}.svg`;

const VIEW_NAMES: Record<View, string> = { side: 'side view', top: 'from above', sole: 'the sole' };

export function renderView(design: Design, view: View): string {
  const defs = new Defs();
  const bg = backdrop(defs);
  let body: string;
  if (view === 'side') {
    const shoe =
      design.kind === 'mule'
        ? muleSide(defs, design)
        : SANDAL_KINDS.includes(design.kind)
          ? sandalSide(defs, design)
          : closedSide(defs, design);
    const fit = fitSide(design, shoe.extent, shoe.top, GROUND);
    body =
      contactShadow(defs, fit.x0, fit.x1, fit.ground) + `<g transform="${fit.transform}">${shoe.body}</g>`;
  } else if (view === 'top') {
    body = `<g transform="${fitFlat(design, -30, 1.06)}">${topView(defs, design)}</g>`;
  } else {
    body = `<g transform="${fitFlat(design, -26)}">${soleView(defs, design)}</g>`;
  }
  return svgDocument(defs, `${design.title}, ${VIEW_NAMES[view]}`, bg + body);
}
