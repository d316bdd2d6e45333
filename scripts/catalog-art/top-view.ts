// The view from above: the footprint, the collar opening, and the lacing or straps as a shopper looks down on them.

import type { Design } from './design.js';
import { type Point, r1, shade, smoothPath } from './geometry.js';
import { type Defs, painted, seam, stitch } from './materials.js';
import { CY, L, W, X, footprintPath, widthFactor } from './outline.js';
import { liftShadow } from './studio.js';

const P = (u: number, w: number): Point => [X(u), W(w)];

function lacing(d: Design, from: number, to: number, open: boolean, count: number, half: number): string {
  let out = '';
  const gap = open ? half * 0.55 : 0.006;
  const step = (to - from) / (count - 1);
  if (open)
    out += `<path d="${smoothPath([P(from - 0.02, gap * 0.8), P(to + 0.02, gap * 0.8), P(to + 0.02, -gap * 0.8), P(from - 0.02, -gap * 0.8)])}" fill="${shade(d.trim.colour, -0.15)}"/>`;
  for (let i = 0; i < count; i++) {
    const u = from + step * i;
    const y1 = W(half);
    const y2 = W(-half);
    out += `<path d="M${r1(X(u))} ${r1(y1)}L${r1(X(u + step * 0.5))} ${r1(y2)}" stroke="${shade(d.lace, -0.3)}" stroke-width="${open ? 8 : 5}" stroke-linecap="round"/>`;
    out += `<path d="M${r1(X(u))} ${r1(y1)}L${r1(X(u + step * 0.5))} ${r1(y2)}" stroke="${d.lace}" stroke-width="${open ? 6 : 3.5}" stroke-linecap="round"/>`;
    for (const y of [y1, y2])
      out += `<circle cx="${r1(X(u + (y === y2 ? step * 0.5 : 0)))}" cy="${r1(y)}" r="${open ? 4 : 3}" fill="${shade(d.upper.colour, -0.6)}"/>`;
  }
  if (!open) return out;
  // A bow: two loops and the ends, lying over the first crossing.
  const bx = X(from - 0.01);
  out += `<path d="M${r1(bx)} ${CY}c-30 -40 -60 -30 -52 -6c6 14 34 10 52 6c-24 28 -50 44 -58 26c-6 -14 22 -24 58 -26" fill="none" stroke="${shade(d.lace, -0.3)}" stroke-width="7" stroke-linecap="round"/>`;
  out += `<path d="M${r1(bx)} ${CY}c-30 -40 -60 -30 -52 -6c6 14 34 10 52 6c-24 28 -50 44 -58 26c-6 -14 22 -24 58 -26" fill="none" stroke="${d.lace}" stroke-width="5" stroke-linecap="round"/>`;
  return out;
}

function closedTop(defs: Defs, d: Design): string {
  const dress = d.kind === 'oxford' || d.kind === 'derby';
  const k = widthFactor(d);
  const rim = footprintPath(d, 1.0);
  const upper = footprintPath(d, 0.93);
  const clip = defs.add('topClip', `<clipPath id="topClip"><path d="${upper}"/></clipPath>`);
  let out = liftShadow(defs, rim);
  out += painted(
    defs,
    rim,
    dress ? { material: 'leather', colour: d.midsole } : { material: 'foam', colour: d.midsole },
  );
  out += painted(defs, upper, d.upper, { x: X(0.8), y: W(0.05), rx: 90, ry: 30 });
  const panels: string[] = [];
  if (
    d.capToe ||
    d.perforatedToe ||
    d.kind === 'court' ||
    d.kind === 'plimsoll' ||
    d.kind === 'terrace' ||
    d.kind === 'hightop' ||
    d.toeBumper ||
    d.kind === 'trail'
  ) {
    const cu = d.kind === 'plimsoll' || d.toeBumper || d.kind === 'trail' ? 0.88 : 0.8;
    const edge = smoothPath(
      [P(cu + 0.02, 0.2), P(cu - 0.02, 0.08), P(cu - 0.03, 0), P(cu - 0.02, -0.08), P(cu + 0.02, -0.2)],
      false,
    );
    const paint =
      d.kind === 'plimsoll'
        ? { material: 'rubber' as const, colour: d.midsole }
        : d.toeBumper || d.kind === 'trail'
          ? { material: 'rubber' as const, colour: d.outsole }
          : d.trim;
    panels.push(
      `<g clip-path="url(#${clip})">${painted(defs, `${edge}L${r1(X(1.2))} ${r1(W(-0.3))}L${r1(X(1.2))} ${r1(W(0.3))}Z`, paint, { x: X(0.9), y: W(0.04), rx: 40, ry: 16 })}${seam(edge, paint.colour)}<g transform="translate(6 0)">${stitch(edge, paint.colour)}</g></g>`,
    );
    if (d.perforatedToe) {
      let dots = '';
      for (let i = 0; i < 4; i++)
        for (let j = -3; j <= 3; j++)
          dots += `<circle cx="${r1(X(0.84 + i * 0.03))}" cy="${r1(W(j * 0.025 * k))}" r="2.6"/>`;
      panels.push(
        `<g clip-path="url(#${clip})" fill="${shade(d.trim.colour, -0.55)}" opacity=".7">${dots}</g>`,
      );
    }
  }
  if (d.brogue) {
    const wing = smoothPath(
      [P(0.58, 0.2), P(0.7, 0.1), P(0.76, 0.04), P(0.74, 0), P(0.76, -0.04), P(0.7, -0.1), P(0.58, -0.2)],
      false,
    );
    panels.push(
      `<g clip-path="url(#${clip})">${seam(wing, d.upper.colour)}<g transform="translate(8 0)" fill="${shade(d.upper.colour, -0.6)}">${[0.1, 0.06, 0.03, 0, -0.03, -0.06, -0.1].map((w) => `<circle cx="${r1(X(w === 0 ? 0.745 : 0.7 + (0.1 - Math.abs(w)) * 0.7))}" cy="${r1(W(w))}" r="2.4"/>`).join('')}</g></g>`,
    );
    // The medallion: a flower of punched holes on the toe.
    let med = '';
    for (let i = 0; i < 10; i++) {
      const a = (i / 10) * Math.PI * 2;
      med += `<circle cx="${r1(X(0.9) + Math.cos(a) * 16)}" cy="${r1(CY + Math.sin(a) * 16)}" r="2.4"/>`;
    }
    med += `<circle cx="${r1(X(0.9))}" cy="${CY}" r="3"/>`;
    panels.push(`<g fill="${shade(d.upper.colour, -0.6)}">${med}</g>`);
  }
  out += panels.join('');
  // The opening: lining and insole seen into the shoe.
  const knit = d.kind === 'knit';
  const high = d.kind === 'hightop';
  const slipper = d.kind === 'slipper';
  const openEnd = high ? 0.3 : knit ? 0.36 : slipper ? 0.5 : dress ? 0.36 : 0.33;
  const ow = (high ? 0.075 : 0.085) * k;
  const opening = smoothPath([
    P(0.05, 0),
    P(0.09, ow * 0.9),
    P(openEnd * 0.7, ow),
    P(openEnd, ow * 0.45),
    P(openEnd + 0.01, 0),
    P(openEnd, -ow * 0.45),
    P(openEnd * 0.7, -ow),
    P(0.09, -ow * 0.9),
  ]);
  out += `<path d="${opening}" fill="${shade(d.lining, -0.05)}"/>`;
  out += `<path d="${opening}" fill="none" stroke="${shade(d.upper.colour, -0.3)}" stroke-width="${d.padded || !dress ? 10 : 5}"/>`;
  out += `<path d="${smoothPath([P(0.09, 0), P(0.13, ow * 0.55), P(openEnd * 0.7, ow * 0.6), P(openEnd * 0.7, -ow * 0.6), P(0.13, -ow * 0.55)])}" fill="#000" opacity=".12"/>`;
  if (!slipper && !knit) {
    // The tongue and the lacing.
    const from = openEnd + 0.03;
    const to = dress ? openEnd + 0.2 : 0.62;
    if (!dress) {
      out += painted(
        defs,
        smoothPath([
          P(openEnd - 0.05, 0.05),
          P(to + 0.03, 0.055),
          P(to + 0.05, 0),
          P(to + 0.03, -0.055),
          P(openEnd - 0.05, -0.05),
        ]),
        d.trim,
      );
      const stay = smoothPath([
        P(from - 0.02, 0.075 * k),
        P(to + 0.03, 0.07 * k),
        P(to + 0.06, 0),
        P(to + 0.03, -0.07 * k),
        P(from - 0.02, -0.075 * k),
      ]);
      out += `<path d="${stay}" fill="none" stroke="${shade(d.trim.colour, -0.05)}" stroke-width="16" opacity=".9"/>`;
    } else if (d.kind === 'oxford') {
      out += seam(
        smoothPath(
          [
            P(from - 0.02, 0.06),
            P(to + 0.03, 0.03),
            P(to + 0.035, 0),
            P(to + 0.03, -0.03),
            P(from - 0.02, -0.06),
          ],
          false,
        ),
        d.upper.colour,
      );
    } else {
      out += seam(
        smoothPath([P(from - 0.02, 0.07), P(to + 0.01, 0.05), P(to + 0.06, 0.085)], false),
        d.upper.colour,
        2.6,
      );
      out += seam(
        smoothPath([P(from - 0.02, -0.07), P(to + 0.01, -0.05), P(to + 0.06, -0.085)], false),
        d.upper.colour,
        2.6,
      );
    }
    out += lacing(
      d,
      from,
      to,
      d.kind !== 'oxford',
      dress ? 5 : d.kind === 'hightop' ? 7 : 6,
      dress ? (d.kind === 'oxford' ? 0.022 : 0.04) : 0.05 * k,
    );
  }
  if (knit)
    out +=
      `<path d="${opening}" fill="none" stroke="${d.trim.colour}" stroke-width="14" opacity=".9"/>` +
      lacing(d, openEnd + 0.04, 0.6, true, 5, 0.045);
  if (slipper) out += `<path d="${opening}" fill="none" stroke="${d.lining}" stroke-width="16"/>`;
  if (d.kind === 'runner' || d.kind === 'knit' || d.kind === 'trail' || d.pullTab)
    out += `<rect x="${r1(X(0.0) - 8)}" y="${CY - 12}" width="26" height="24" rx="6" fill="${d.accent}"/>`;
  return out;
}

function openTop(defs: Defs, d: Design): string {
  const k = widthFactor(d);
  const rim = footprintPath(d, 1.0);
  const bed = footprintPath(d, 0.94);
  let out = liftShadow(defs, rim);
  out += painted(defs, rim, { material: 'rubber', colour: d.outsole });
  out += painted(defs, bed, { material: d.sole === 'footbed' ? 'cork' : 'foam', colour: d.midsole });
  const liner = footprintPath(d, 0.88);
  out += painted(defs, liner, { material: d.sole === 'footbed' ? 'suede' : 'synthetic', colour: d.lining });
  // The foot's heel and toe prints on a worn-in footbed are left out: the picture is of a new pair.
  const strapPaint = { material: d.strapMaterial ?? d.upper.material, colour: d.upper.colour };
  const band = (u: number, width: number, lean = 0): string => {
    const s = smoothPath(
      [
        P(u - width / 2 - lean, 0.19 * k),
        P(u - width / 2, 0),
        P(u - width / 2 + lean, -0.19 * k),
        P(u + width / 2 + lean, -0.19 * k),
        P(u + width / 2, 0),
        P(u + width / 2 - lean, 0.19 * k),
      ],
      true,
      0.6,
    );
    return `<g clip-path="url(#${defs.add('topRim', `<clipPath id="topRim"><path d="${footprintPath(d, 1.02)}"/></clipPath>`)})">${painted(defs, s, strapPaint, { x: X(u), y: W(0.03), rx: 30, ry: 40 })}${seam(s, strapPaint.colour, 1.6)}</g>`;
  };
  if (d.kind === 'mule') {
    const open = d.variant === 1 ? 0.3 : 0.42;
    const cover = smoothPath([
      P(open, 0.16 * k),
      P(open + 0.03, 0),
      P(open, -0.16 * k),
      P(0.9, -0.12),
      P(1.02, 0),
      P(0.9, 0.14),
    ]);
    const clipped = `<g clip-path="url(#${defs.add('topRim', `<clipPath id="topRim"><path d="${footprintPath(d, 1.02)}"/></clipPath>`)})">`;
    out += clipped + painted(defs, cover, d.upper, { x: X(0.75), y: W(0.05), rx: 90, ry: 40 }) + `</g>`;
    if (d.upper.material === 'quilted' || d.variant === 2)
      out += `${clipped}${painted(defs, cover, { material: 'quilted', colour: d.upper.colour })}</g>`;
    const edge = smoothPath([P(open - 0.01, 0.17 * k), P(open + 0.03, 0), P(open - 0.01, -0.17 * k)], false);
    out += `${clipped}${painted(defs, `${edge}L${r1(X(open + 0.07))} ${r1(W(-0.2))}L${r1(X(open + 0.09))} ${r1(W(0))}L${r1(X(open + 0.07))} ${r1(W(0.2))}Z`, { material: d.padded ? 'sherpa' : 'fleece', colour: d.lining })}</g>`;
    return out;
  }
  if (d.kind === 'slide') {
    if (d.variant === 1) return out + band(0.42, 0.1, 0.01) + band(0.64, 0.11, -0.01);
    return out + band(0.56, 0.3);
  }
  // Sandals: straps across, a heel strap round the back.
  const straps: [number, number][] =
    d.kind === 'strappy'
      ? d.variant === 1
        ? [[0.78, 0.05]]
        : [
            [0.8, 0.035],
            [0.6, 0.03],
          ]
      : d.kind === 'fisherman'
        ? [
            [0.72, 0.09],
            [0.54, 0.09],
          ]
        : [
            [0.72, 0.07],
            [0.48, 0.07],
          ];
  for (const [u, w] of straps) out += band(u, w, d.kind === 'floater' || d.kind === 'strappy' ? 0.05 : 0);
  const heel = smoothPath([
    P(0.02, 0.1 * k),
    P(-0.02, 0),
    P(0.02, -0.1 * k),
    P(0.22, -0.13 * k),
    P(0.22, -0.1 * k),
    P(0.05, -0.07 * k),
    P(0.03, 0),
    P(0.05, 0.07 * k),
    P(0.22, 0.1 * k),
    P(0.22, 0.13 * k),
  ]);
  out += painted(defs, heel, strapPaint) + seam(heel, strapPaint.colour, 1.6);
  out += `<rect x="${r1(X(0.2))}" y="${r1(W(-0.13 * k) - 6)}" width="26" height="20" rx="4" fill="none" stroke="${d.buckle ?? '#b9b3a6'}" stroke-width="5"/>`;
  return out;
}

export function topView(defs: Defs, d: Design): string {
  const open = ['mule', 'slide', 'sportSandal', 'strappy', 'floater', 'fisherman', 'flipflop'].includes(
    d.kind,
  );
  return open ? openTop(defs, d) : closedTop(defs, d);
}

export const TOP_VIEW_LENGTH = L;
