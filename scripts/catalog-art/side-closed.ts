// The lateral side profile of a closed shoe (the card's picture): a last-shaped upper from a few measurements,
// the sole its kind has, and the parts that tell the types apart (cap toe, wingtip, open or closed lacing,
// overlays, bumpers, foxing). Drawn in fractions of the shoe's length, toe to the right.

import type { ClosedKind, Design } from './design.js';
import { alongPolyline, type Point, polyline, r1, sampleSpline, shade, smoothPath } from './geometry.js';
import { edgeLight, volume, wallShade } from './depth.js';
import { type Defs, type Paint, painted, seam, stitch } from './materials.js';

/** A side drawing, its span along the ground and its highest point (drawing units). */
export interface SideDrawing {
  body: string;
  extent: [number, number];
  top: number;
}

/** The shoe spans x 90 … 710 (78% of the card), standing on y = 578. */
const X0 = 90;
const L = 620;
export const GROUND = 578;
/** Heights are drawn a little taller than life: a flat profile reads as a slipper at card size. */
const LIFT = 1.16;
const X = (u: number) => X0 + u * L;
const Y = (v: number) => GROUND - v * L * LIFT;
const P = (u: number, v: number): Point => [X(u), Y(v)];

interface Last {
  heel: number; // sole top at the heel
  fore: number; // sole thickness under the ball
  spring: number; // toe lift
  collar: number;
  dip: number;
  throatU: number;
  throat: number;
  toeBox: number;
  toeTip: number; // how far the toe reaches (0.99 … 1.01)
}

function lastFor(d: Design): Last {
  const heelDrop = d.heel ?? 0;
  const base: Record<ClosedKind, Last> = {
    runner: {
      heel: 0.085,
      fore: 0.05,
      spring: 0.04,
      collar: 0.33,
      dip: 0.055,
      throatU: 0.33,
      throat: 0.395,
      toeBox: 0.175,
      toeTip: 1,
    },
    trail: {
      heel: 0.085,
      fore: 0.055,
      spring: 0.035,
      collar: 0.335,
      dip: 0.05,
      throatU: 0.33,
      throat: 0.4,
      toeBox: 0.185,
      toeTip: 1,
    },
    knit: {
      heel: 0.075,
      fore: 0.045,
      spring: 0.035,
      collar: 0.34,
      dip: 0.02,
      throatU: 0.32,
      throat: 0.37,
      toeBox: 0.165,
      toeTip: 1,
    },
    trainer: {
      heel: 0.062,
      fore: 0.05,
      spring: 0.025,
      collar: 0.31,
      dip: 0.05,
      throatU: 0.34,
      throat: 0.37,
      toeBox: 0.165,
      toeTip: 1,
    },
    court: {
      heel: 0.07,
      fore: 0.064,
      spring: 0.016,
      collar: 0.3,
      dip: 0.05,
      throatU: 0.35,
      throat: 0.36,
      toeBox: 0.16,
      toeTip: 1,
    },
    plimsoll: {
      heel: 0.05,
      fore: 0.048,
      spring: 0.016,
      collar: 0.265,
      dip: 0.035,
      throatU: 0.38,
      throat: 0.31,
      toeBox: 0.145,
      toeTip: 1,
    },
    terrace: {
      heel: 0.058,
      fore: 0.05,
      spring: 0.02,
      collar: 0.29,
      dip: 0.055,
      throatU: 0.35,
      throat: 0.345,
      toeBox: 0.145,
      toeTip: 1,
    },
    hightop: {
      heel: 0.068,
      fore: 0.062,
      spring: 0.016,
      collar: 0.54,
      dip: 0.06,
      throatU: 0.26,
      throat: 0.55,
      toeBox: 0.16,
      toeTip: 1,
    },
    oxford: {
      heel: 0.05,
      fore: 0.024,
      spring: 0.03,
      collar: 0.275,
      dip: 0.045,
      throatU: 0.4,
      throat: 0.315,
      toeBox: 0.135,
      toeTip: 1.01,
    },
    derby: {
      heel: 0.05,
      fore: 0.026,
      spring: 0.028,
      collar: 0.28,
      dip: 0.045,
      throatU: 0.38,
      throat: 0.325,
      toeBox: 0.142,
      toeTip: 1.005,
    },
    slipper: {
      heel: 0.055,
      fore: 0.05,
      spring: 0.012,
      collar: 0.22,
      dip: 0.02,
      throatU: 0.34,
      throat: 0.27,
      toeBox: 0.155,
      toeTip: 1,
    },
  };
  const last = { ...base[d.kind as ClosedKind] };
  if (d.stack !== undefined) {
    const delta = d.stack - last.heel;
    last.heel = d.stack;
    last.fore = Math.max(last.fore, last.fore + delta * 0.7);
  }
  if (heelDrop) last.heel = heelDrop;
  if (d.collar !== undefined) last.collar = d.collar;
  if (d.slim) {
    last.toeBox -= 0.012 * d.slim;
    last.toeTip += 0.008 * d.slim;
    last.collar -= 0.012 * d.slim;
    last.throat -= 0.015 * d.slim;
  }
  return last;
}

/** A high collar leans forward over the Achilles tendon instead of rising straight from the heel. */
const backLean = (l: Last): number => (l.collar > 0.4 ? 0.03 : 0);

function upperPoints(l: Last): Point[] {
  const mid = (l.throat + l.toeBox) / 2;
  return [
    P(0.04, l.heel - 0.025),
    P(0.004, l.heel + 0.035),
    P(0.0, l.heel + 0.09),
    P(0.012 + backLean(l), l.collar - 0.06 - backLean(l) * 2),
    P(0.032 + backLean(l), l.collar),
    P(0.12, l.collar - l.dip * 0.75),
    P(0.21, l.collar - l.dip),
    P(l.throatU - 0.055, l.throat - 0.03),
    P(l.throatU, l.throat),
    P(l.throatU + 0.07, l.throat - 0.04),
    P(0.6, l.throat > 0.45 ? mid - 0.05 : mid - 0.012),
    P(0.78, l.toeBox + 0.006),
    P(0.92, l.toeBox - 0.022),
    P(l.toeTip - 0.012, l.fore + l.spring + (l.toeBox - l.fore) * 0.45),
    P(l.toeTip - 0.004, l.fore + l.spring + 0.004),
    P(0.86, l.fore - 0.005),
    P(0.5, l.fore - 0.015),
    P(0.15, l.heel - 0.03),
  ];
}

/** The top edge of the upper at x: the highest point of the outline there. */
function topAt(outline: readonly Point[], x: number): number {
  let best = Infinity;
  for (let i = 1; i < outline.length; i++) {
    const [ax, ay] = outline[i - 1]!;
    const [bx, by] = outline[i]!;
    if ((ax - x) * (bx - x) <= 0 && ax !== bx) {
      const y = ay + ((by - ay) * (x - ax)) / (bx - ax);
      if (y < best) best = y;
    }
  }
  return best;
}

/** A panel: the part of the upper on one side of a seam, in its own paint, with its seam and stitching. */
function panel(
  defs: Defs,
  clip: string,
  region: string,
  edge: string,
  paint: Paint,
  stitchOffset: Point,
  light?: Parameters<typeof painted>[3],
): string {
  return (
    `<g clip-path="url(#${clip})">${painted(defs, region, paint, light)}` +
    seam(edge, paint.colour) +
    `<g transform="translate(${stitchOffset[0]} ${stitchOffset[1]})">${stitch(edge, paint.colour)}</g></g>`
  );
}

function soleOutline(d: Design, l: Last): { outline: Point[]; bottom: Point[] } {
  const s = l.spring;
  switch (d.sole) {
    case 'dress':
    case 'block': {
      const heelH = l.heel;
      const bottom: Point[] = [
        P(0.205, 0.006),
        P(0.3, l.fore * 0.75),
        P(0.5, l.fore * 0.3),
        P(0.66, 0),
        P(0.82, s * 0.25),
        P(l.toeTip - 0.01, s),
      ];
      const outline: Point[] = [
        ...bottom,
        P(l.toeTip + 0.006, s + l.fore * 0.55),
        P(l.toeTip - 0.005, s + l.fore + 0.006),
        P(0.85, l.fore + s * 0.35 + 0.006),
        P(0.55, l.fore + 0.006),
        P(0.3, l.fore + 0.025),
        P(0.2, heelH + 0.002),
        P(0.03, heelH + 0.004),
        P(0.0, heelH - 0.004),
        P(0.004, heelH - 0.02),
      ];
      return { outline, bottom };
    }
    default: {
      const rocker = d.sole === 'rocker';
      const bottom: Point[] = rocker
        ? [P(0.0, 0.03), P(0.06, 0.006), P(0.25, 0), P(0.55, 0), P(0.8, s * 0.45), P(0.97, s + 0.005)]
        : [P(0.0, 0.012), P(0.05, 0), P(0.3, 0), P(0.62, 0), P(0.84, s * 0.35), P(0.98, s)];
      const flat =
        d.sole === 'cupsole' ||
        d.sole === 'platform' ||
        d.sole === 'vulc' ||
        d.sole === 'commando' ||
        d.sole === 'slipper';
      const heelTop = flat ? l.heel : l.heel + 0.006;
      const outline: Point[] = [
        ...bottom,
        P(l.toeTip + 0.012, s + l.fore * 0.45),
        P(l.toeTip + 0.002, s + l.fore + 0.004),
        P(0.86, l.fore + s * 0.5),
        P(0.6, l.fore + (flat ? 0 : 0.004)),
        P(0.35, flat ? (l.fore + l.heel) / 2 : l.fore + (l.heel - l.fore) * 0.6),
        P(0.12, heelTop),
        P(0.0, heelTop + (flat ? 0 : 0.01)),
        P(-0.014, heelTop * 0.55),
      ];
      return { outline, bottom };
    }
  }
}

function offsetUp(points: readonly Point[], by: number): Point[] {
  return points.map(([x, y]) => [x, y - by] as Point);
}

/** The sole with its volume: the side wall lit along its top edge and shaded towards the ground. */
function drawSole(defs: Defs, d: Design, l: Last): string {
  const { outline, bottom } = soleOutline(d, l);
  const clip = defs.add(`soleClip`, `<clipPath id="soleClip"><path d="${smoothPath(outline)}"/></clipPath>`);
  const topEdge = smoothPath(outline.slice(bottom.length - 1), false);
  return (
    soleParts(defs, d, l) +
    `<g clip-path="url(#${clip})">${wallShade(defs, smoothPath(outline))}</g>` +
    edgeLight(topEdge, clip, [0, 2.5], 3, 0.45)
  );
}

function soleParts(defs: Defs, d: Design, l: Last): string {
  const { outline, bottom } = soleOutline(d, l);
  const soleD = smoothPath(outline);
  const clip = defs.add(`soleClip`, `<clipPath id="soleClip"><path d="${soleD}"/></clipPath>`);
  const dense = sampleSpline(bottom, false, 12);
  const extended: Point[] = [
    [dense[0]![0] - 30, dense[0]![1]],
    ...dense,
    [dense[dense.length - 1]![0] + 40, dense[dense.length - 1]![1] - 30],
  ];
  let out = '';
  if (d.sole === 'dress' || d.sole === 'block') {
    // Leather sole edge, a welt with its stitching, and a stacked or block heel.
    out += painted(
      defs,
      soleD,
      { material: 'leather', colour: d.midsole },
      { x: X(0.7), y: Y(l.fore), rx: 120, ry: 6 },
    );
    const heelD = `M${r1(X(0.01))} ${r1(Y(l.heel))}L${r1(X(0.2))} ${r1(Y(l.heel))}L${r1(X(0.196))} ${r1(Y(0))}L${r1(X(0.028))} ${r1(Y(0))}Q${r1(X(0.004))} ${r1(Y(0))} ${r1(X(0.003))} ${r1(Y(0.012))}Z`;
    out += painted(
      defs,
      heelD,
      { material: d.sole === 'block' ? 'leather' : 'leather', colour: shade(d.midsole, -0.12) },
      { x: X(0.1), y: Y(l.heel * 0.6), rx: 40, ry: 6 },
    );
    const lifts = d.sole === 'dress' ? 3 : 2;
    for (let i = 1; i <= lifts; i++) {
      const v = (l.heel * i) / (lifts + 1);
      out += `<path d="M${r1(X(0.004))} ${r1(Y(v))}L${r1(X(0.203))} ${r1(Y(v))}" stroke="${shade(d.midsole, -0.4)}" stroke-width="1.4" opacity=".6"/>`;
    }
    out += `<rect x="${r1(X(0.02))}" y="${r1(Y(0.0) - 4)}" width="${r1(0.18 * L)}" height="4" fill="${d.outsole}"/>`;
    const welt = offsetUp(sampleSpline(outline.slice(6, 11), false, 10), 0);
    out += stitch(polyline(welt.map(([x, y]) => [x, y + 4] as Point)), d.midsole, 1.5, '4 3');
    return out;
  }
  out += painted(
    defs,
    soleD,
    { material: 'foam', colour: d.midsole },
    { x: X(0.55), y: Y(l.fore * 0.8), rx: 240, ry: 10 },
  );
  // The outsole: a band along the bottom, thicker where rubber wraps up (cupsoles, lugged soles).
  const band =
    d.sole === 'cupsole' || d.sole === 'platform'
      ? 0.014
      : d.sole === 'vulc'
        ? 0.02
        : d.sole === 'commando'
          ? 0.03
          : 0.016;
  const top = offsetUp(extended, band * L * LIFT).reverse();
  const bandD = `${polyline(extended)}L${r1(top[0]![0])} ${r1(top[0]![1])}${polyline(top).slice(1).replace(/^M/, 'L')}Z`;
  out += `<g clip-path="url(#${clip})">${painted(defs, bandD, { material: 'rubber', colour: d.outsole })}`;
  // Tread showing at the edge: blocks of the outsole's pattern.
  const treadDash =
    d.sole === 'vulc' ? '3 5' : d.kind === 'trail' ? '14 9' : d.sole === 'commando' ? '16 7' : '9 7';
  out += `<path d="${polyline(extended)}" fill="none" stroke="${shade(d.outsole, -0.35)}" stroke-width="${d.kind === 'trail' || d.sole === 'commando' ? 9 : 5}" stroke-dasharray="${treadDash}"/>`;
  out += `</g>`;
  if (d.sole === 'vulc') {
    // Plimsoll foxing: a coloured stripe round the sole.
    const stripe = offsetUp(dense, 0.03 * L * LIFT);
    out += `<g clip-path="url(#${clip})"><path d="${polyline(stripe)}" fill="none" stroke="${d.accent}" stroke-width="5"/></g>`;
  }
  if (d.sole === 'cupsole' || d.sole === 'platform') {
    const line = offsetUp(dense, l.fore * 0.62 * L * LIFT);
    out += `<g clip-path="url(#${clip})">${stitch(polyline(line), d.midsole, 1.8, '6 4')}</g>`;
  }
  if (d.sole === 'midsole' || d.sole === 'rocker' || d.sole === 'lugged') {
    // A sculpted groove along the foam.
    const groove = [
      P(0.02, l.heel * 0.55),
      P(0.25, l.heel * 0.45),
      P(0.5, l.fore * 0.62),
      P(0.8, l.fore * 0.6 + l.spring * 0.4),
    ];
    out += `<g clip-path="url(#${clip})"><path d="${smoothPath(groove, false)}" fill="none" stroke="${shade(d.midsole, -0.18)}" stroke-width="3"/><path d="${smoothPath(groove, false)}" transform="translate(0 3)" fill="none" stroke="#fff" stroke-opacity=".5" stroke-width="1.5"/></g>`;
  }
  if (d.sole === 'commando') {
    out += `<g clip-path="url(#${clip})">${stitch(polyline(offsetUp(dense, l.fore * 0.75 * L * LIFT)), d.midsole, 1.6, '5 3')}</g>`;
  }
  return out;
}

/** The collar opening seen from a little above: the dark lining inside, the insole's edge at the heel. */
function collarOpening(defs: Defs, d: Design, l: Last): string {
  const rimTop: Point[] = [
    P(0.032 + backLean(l), l.collar),
    P(0.12, l.collar - l.dip * 0.75),
    P(0.21, l.collar - l.dip),
    P(l.throatU - 0.055, l.throat - 0.03),
  ];
  const depth = l.collar > 0.4 ? 0.04 : 0.05;
  const rimBottom: Point[] = [
    P(l.throatU - 0.075, l.throat - 0.05),
    P(0.2, l.collar - l.dip - depth),
    P(0.11, l.collar - l.dip * 0.75 - depth * 0.95),
    P(0.05 + backLean(l), l.collar - depth * 0.7),
  ];
  const opening = smoothPath([...rimTop, ...rimBottom]);
  const insole = smoothPath(rimBottom.slice(1), false);
  return (
    `<path d="${opening}" fill="${shade(d.lining, -0.62)}"/>` +
    `<path d="${insole}" fill="none" stroke="${shade(d.lining, 0.1)}" stroke-width="3" stroke-linecap="round" transform="translate(0 -2)" opacity=".55"/>` +
    `<path d="${smoothPath(rimTop, false)}" fill="none" stroke="${shade(d.upper.colour, 0.35)}" stroke-width="2" stroke-opacity=".6"/>`
  );
}

function eyeletRow(
  top: (x: number) => number,
  from: number,
  to: number,
  count: number,
  drop: number,
): Point[] {
  const pts: Point[] = [];
  for (let i = 0; i < count; i++) {
    const x = X(from + ((to - from) * i) / Math.max(1, count - 1));
    pts.push([x, top(x) + drop]);
  }
  return pts;
}

export function closedSide(defs: Defs, d: Design): SideDrawing {
  const l = lastFor(d);
  const pts = upperPoints(l);
  const upperD = smoothPath(pts);
  const outline = sampleSpline(pts, true, 20);
  const top = (x: number) => topAt(outline, x);
  const clip = defs.add('upperClip', `<clipPath id="upperClip"><path d="${upperD}"/></clipPath>`);
  const kind = d.kind as ClosedKind;
  const dress = kind === 'oxford' || kind === 'derby';
  const sporty = kind === 'runner' || kind === 'trail' || kind === 'knit' || kind === 'trainer';
  const toeLight = { x: X(0.84), y: Y(l.toeBox - 0.02), rx: 70, ry: 16, angle: 14 };
  let out = '';

  // The upper; the lining shows inside its collar opening, drawn over it further down.
  const smooth = ['leather', 'patent', 'synthetic'].includes(d.upper.material);
  out += painted(
    defs,
    upperD,
    d.upper,
    smooth ? toeLight : { x: X(0.55), y: Y(l.toeBox + 0.03), rx: 170, ry: 30, angle: 12 },
  );
  if (smooth) {
    // A long soft reflection along the quarter, as the light catches a polished side.
    out += `<g clip-path="url(#${clip})"><ellipse cx="${r1(X(0.4))}" cy="${r1(Y(0.2))}" rx="130" ry="9" transform="rotate(-6 ${r1(X(0.4))} ${r1(Y(0.2))})" fill="url(#sheen)" opacity="${d.upper.material === 'synthetic' ? 0.15 : 0.3}"/></g>`;
  }

  const panels: string[] = [];
  const trim = d.trim;
  const stitchDown: Point = [0, 5];

  if (kind === 'runner' || kind === 'trail' || kind === 'trainer') {
    // Heel counter, mudguard and an eyestay, as runners are built.
    const hx = 0.2;
    const heelEdge = smoothPath([P(hx, 0.3), P(hx - 0.02, 0.2), P(hx + 0.02, l.heel + 0.01)], false);
    panels.push(
      panel(
        defs,
        clip,
        `${heelEdge}L${r1(X(-0.1))} ${r1(Y(0))}L${r1(X(-0.1))} ${r1(Y(0.6))}Z`.replace(/^M/, 'M'),
        heelEdge,
        trim,
        [-6, 0],
      ),
    );
    const mudTop = kind === 'trail' ? 0.115 : 0.095;
    const mudEdge = smoothPath(
      [P(0.3, l.heel), P(0.5, mudTop - 0.01), P(0.75, mudTop), P(1.1, mudTop + 0.02)],
      false,
    );
    panels.push(
      panel(
        defs,
        clip,
        `${mudEdge}L${r1(X(1.1))} ${r1(Y(-0.05))}L${r1(X(0.3))} ${r1(Y(-0.05))}Z`,
        mudEdge,
        trim,
        stitchDown,
      ),
    );
    if (kind === 'trainer' || d.heelClip) {
      // A moulded heel clip and a midfoot cage strap.
      const cage = smoothPath([
        P(0.36, l.heel),
        P(0.4, 0.2),
        P(0.45, l.throat - 0.07),
        P(0.49, l.throat - 0.085),
        P(0.46, 0.18),
        P(0.42, l.fore + 0.01),
      ]);
      panels.push(
        `<g clip-path="url(#${clip})">${painted(defs, cage, { material: 'synthetic', colour: d.accent })}${seam(cage, d.accent, 1.6)}</g>`,
      );
    }
  }
  if (kind === 'runner' || kind === 'knit') {
    // A tapering side stripe: a brandless flash from the heel counter to the midfoot.
    const flash = smoothPath([
      P(0.16, 0.11),
      P(0.34, 0.15),
      P(0.56, 0.185),
      P(0.6, 0.19),
      P(0.36, 0.13),
      P(0.18, 0.095),
    ]);
    panels.push(
      `<g clip-path="url(#${clip})">${painted(defs, flash, { material: 'synthetic', colour: d.accent }, { x: X(0.3), y: Y(0.14), rx: 60, ry: 6, angle: -8 })}</g>`,
    );
  }
  if (kind === 'trail' || d.toeBumper) {
    const bumperEdge = smoothPath([P(0.86, l.toeBox + 0.05), P(0.84, 0.1), P(0.8, l.fore)], false);
    panels.push(
      panel(
        defs,
        clip,
        `${bumperEdge}L${r1(X(1.2))} ${r1(Y(0))}L${r1(X(1.2))} ${r1(Y(0.4))}Z`,
        bumperEdge,
        { material: 'rubber', colour: d.outsole },
        [5, 0],
      ),
    );
  }
  if (kind === 'court' || kind === 'terrace' || kind === 'hightop') {
    // A toe cap (perforated on court shoes), a heel counter with a contrast tab, a side overlay.
    const capX = kind === 'terrace' ? 0.7 : 0.76;
    const capEdge = smoothPath(
      [P(capX + 0.02, l.toeBox + 0.05), P(capX - 0.01, 0.1), P(capX + 0.01, l.fore - 0.01)],
      false,
    );
    panels.push(
      panel(
        defs,
        clip,
        `${capEdge}L${r1(X(1.2))} ${r1(Y(0))}L${r1(X(1.2))} ${r1(Y(0.4))}Z`,
        capEdge,
        trim,
        [6, 0],
        toeLight,
      ),
    );
    if (d.perforatedToe) {
      const dots: string[] = [];
      for (let row = 0; row < 3; row++) {
        for (let c = 0; c < 6; c++) {
          const x = X(capX + 0.045 + c * 0.028 + row * 0.012);
          const y = top(x) + 16 + row * 13;
          if (x < X(0.985)) dots.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="2.4"/>`);
        }
      }
      panels.push(
        `<g clip-path="url(#${clip})" fill="${shade(trim.colour, -0.55)}" opacity=".75">${dots.join('')}</g>`,
      );
    }
    const heelEdge = smoothPath([P(0.17, l.collar + 0.05), P(0.15, 0.18), P(0.19, l.heel)], false);
    panels.push(
      panel(
        defs,
        clip,
        `${heelEdge}L${r1(X(-0.1))} ${r1(Y(0))}L${r1(X(-0.1))} ${r1(Y(0.7))}Z`,
        heelEdge,
        trim,
        [-6, 0],
      ),
    );
    if (kind === 'terrace') {
      // Suede T-toe and a diagonal saddle: what tells a terrace trainer from a court shoe.
      const saddle = smoothPath([
        P(0.36, l.throat - 0.02),
        P(0.44, l.throat - 0.05),
        P(0.4, 0.13),
        P(0.36, l.heel),
        P(0.28, l.heel),
        P(0.32, 0.14),
      ]);
      panels.push(
        `<g clip-path="url(#${clip})">${painted(defs, saddle, trim)}${seam(saddle, trim.colour)}</g>`,
      );
    } else {
      // A contrast heel tab, and on a high-top a padded ankle collar.
      const tab = `M${r1(X(-0.05))} ${r1(Y(l.collar + 0.05))}L${r1(X(0.085))} ${r1(Y(l.collar + 0.05))}L${r1(X(0.075))} ${r1(Y(l.collar - 0.11))}L${r1(X(-0.05))} ${r1(Y(l.collar - 0.11))}Z`;
      panels.push(
        `<g clip-path="url(#${clip})">${painted(defs, tab, { material: trim.material, colour: d.accent })}${seam(`M${r1(X(0.085))} ${r1(Y(l.collar + 0.05))}L${r1(X(0.075))} ${r1(Y(l.collar - 0.11))}L${r1(X(-0.05))} ${r1(Y(l.collar - 0.11))}`, d.accent, 1.6)}</g>`,
      );
    }
    if (kind === 'hightop') {
      const quarter = smoothPath(
        [P(l.throatU + 0.02, l.throat - 0.1), P(0.3, 0.3), P(0.4, 0.16), P(0.46, l.heel)],
        false,
      );
      panels.push(
        `<g clip-path="url(#${clip})">${seam(quarter, d.upper.colour)}<g transform="translate(-6 0)">${stitch(quarter, d.upper.colour)}</g></g>`,
      );
    }
  }
  if (kind === 'plimsoll') {
    // A vulcanised canvas shoe: a rubber toe cap with a textured bumper, a plain vamp seam.
    const vamp = smoothPath([P(0.4, l.throat - 0.02), P(0.47, 0.14), P(0.5, l.fore)], false);
    panels.push(
      `<g clip-path="url(#${clip})">${seam(vamp, d.upper.colour, 1.8)}<g transform="translate(5 0)">${stitch(vamp, d.upper.colour)}</g></g>`,
    );
    const capEdge = smoothPath([P(0.84, l.toeBox + 0.02), P(0.82, 0.09), P(0.8, l.fore)], false);
    panels.push(
      panel(
        defs,
        clip,
        `${capEdge}L${r1(X(1.2))} ${r1(Y(0))}L${r1(X(1.2))} ${r1(Y(0.4))}Z`,
        capEdge,
        { material: 'rubber', colour: d.midsole },
        [0, 0],
      ),
    );
  }
  if (kind === 'knit') {
    // A ribbed sock collar and a heel pull tab.
    const rib = smoothPath([
      P(0.0, l.collar - 0.03),
      P(0.12, l.collar - l.dip * 0.75 - 0.03),
      P(l.throatU - 0.02, l.throat - 0.04),
      P(l.throatU + 0.04, l.throat - 0.02),
      P(l.throatU + 0.05, l.throat + 0.05),
      P(0, l.collar + 0.05),
    ]);
    panels.push(
      `<g clip-path="url(#${clip})">${painted(defs, rib, { material: 'knit', colour: trim.colour })}</g>`,
    );
  }
  if (dress) {
    // Heel counter seam, then how the lacing is built: an oxford's vamp is sewn over its quarters (closed lacing),
    // a derby's quarters sit on the vamp (open lacing). Then a cap toe, or a brogue's wingtip.
    const counter = smoothPath([P(0.16, l.collar - 0.02), P(0.14, 0.13), P(0.18, l.heel + 0.004)], false);
    panels.push(
      `<g clip-path="url(#${clip})">${seam(counter, d.upper.colour, 1.8)}<g transform="translate(-5 0)">${stitch(counter, d.upper.colour, 1.3, '3.5 3')}</g></g>`,
    );
    if (kind === 'oxford') {
      const vamp = smoothPath(
        [
          P(l.throatU + 0.02, l.throat - 0.03),
          P(l.throatU - 0.04, 0.16),
          P(l.throatU - 0.06, 0.09),
          P(l.throatU - 0.1, l.fore + 0.005),
        ],
        false,
      );
      panels.push(
        `<g clip-path="url(#${clip})">${seam(vamp, d.upper.colour, 2)}<g transform="translate(6 0)">${stitch(vamp, d.upper.colour, 1.3, '3.5 3')}</g></g>`,
      );
    } else {
      const quarter = smoothPath(
        [
          P(l.throatU + 0.16, (GROUND - top(X(l.throatU + 0.16))) / (L * LIFT) - 0.008),
          P(l.throatU + 0.13, 0.13),
          P(l.throatU + 0.06, 0.075),
          P(l.throatU - 0.02, l.fore + 0.005),
        ],
        false,
      );
      panels.push(
        `<g clip-path="url(#${clip})"><path d="${quarter}" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="7" transform="translate(4 2)"/>${seam(quarter, d.upper.colour, 2.4)}<g transform="translate(-6 0)">${stitch(quarter, d.upper.colour, 1.3, '3.5 3')}</g></g>`,
      );
    }
    if (d.brogue) {
      const wing = smoothPath(
        [P(0.74, l.toeBox + 0.05), P(0.71, 0.1), P(0.62, 0.06), P(0.52, l.fore - 0.01)],
        false,
      );
      panels.push(
        panel(
          defs,
          clip,
          `${wing}L${r1(X(0.4))} ${r1(Y(-0.05))}L${r1(X(1.2))} ${r1(Y(-0.05))}L${r1(X(1.2))} ${r1(Y(0.5))}Z`,
          wing,
          { material: d.upper.material, colour: shade(d.upper.colour, -0.06) },
          [6, 0],
          toeLight,
        ),
      );
      const perf = alongPolyline(
        sampleSpline(
          [P(0.73, l.toeBox + 0.02), P(0.705, 0.1), P(0.62, 0.065), P(0.53, l.fore + 0.004)],
          false,
          12,
        ),
        22,
        0,
        1,
      );
      panels.push(
        `<g clip-path="url(#${clip})" fill="${shade(d.upper.colour, -0.6)}">${perf.map(([x, y]) => `<circle cx="${r1(x + 11)}" cy="${r1(y)}" r="2.3"/>`).join('')}</g>`,
      );
      const perf2 = alongPolyline(
        sampleSpline([P(0.16, l.collar - 0.03), P(0.14, 0.13), P(0.18, l.heel + 0.01)], false, 12),
        11,
        0,
        1,
      );
      panels.push(
        `<g clip-path="url(#${clip})" fill="${shade(d.upper.colour, -0.6)}">${perf2.map(([x, y]) => `<circle cx="${r1(x - 10)}" cy="${r1(y)}" r="2"/>`).join('')}</g>`,
      );
    } else if (d.capToe) {
      const cap = smoothPath([P(0.82, l.toeBox + 0.05), P(0.8, 0.07), P(0.815, l.fore - 0.01)], false);
      panels.push(
        panel(
          defs,
          clip,
          `${cap}L${r1(X(1.2))} ${r1(Y(-0.05))}L${r1(X(1.2))} ${r1(Y(0.5))}Z`,
          cap,
          d.upper,
          [6, 0],
          toeLight,
        ),
      );
    }
  }
  if (kind === 'slipper') {
    const rim = smoothPath(
      [
        P(0.02, l.collar),
        P(0.2, l.collar - l.dip),
        P(l.throatU, l.throat),
        P(l.throatU + 0.05, l.throat - 0.03),
      ],
      false,
    );
    panels.push(
      `<g clip-path="url(#${clip})"><path d="${rim}" fill="none" stroke="${d.lining}" stroke-width="22" stroke-linecap="round"/></g>`,
    );
  }
  out += panels.join('');
  // Volume: top-lit fall-off over the whole upper, a highlight along its top line and over the toe.
  out += volume(defs, upperD, dress ? 0.9 : 1);
  out += edgeLight(smoothPath(pts.slice(4, 14), false), clip, [0, 4], dress ? 2.5 : 3.5, dress ? 0.5 : 0.35);
  out += collarOpening(defs, d, l);

  // Along the collar: a padded edge, and on sports shoes the tongue's top.
  out += `<g clip-path="url(#${clip})"><path d="${smoothPath([P(0.02, l.collar - 0.004), P(0.12, l.collar - l.dip * 0.75 - 0.004), P(0.21, l.collar - l.dip - 0.004), P(l.throatU - 0.05, l.throat - 0.035)], false)}" fill="none" stroke="${shade(d.upper.colour, -0.4)}" stroke-width="${d.padded || sporty ? 8 : 4}" stroke-opacity=".55"/></g>`;

  // Lacing: eyelets below the top edge, the lace crossing over the top between them.
  if (kind !== 'slipper') {
    const count = dress ? (kind === 'oxford' ? 5 : 5) : kind === 'hightop' ? 8 : kind === 'knit' ? 5 : 6;
    const from = kind === 'hightop' ? l.throatU + 0.01 : l.throatU + 0.035;
    const to = kind === 'hightop' ? 0.6 : dress ? l.throatU + 0.16 : 0.6;
    const eyes = eyeletRow(top, from, to, count, dress ? 11 : 14);
    const lace = d.lace;
    let lacing = `<g clip-path="url(#${clip})">`;
    if (!dress) {
      // An eyestay: a band along the lacing.
      const stay = [
        ...eyes.map(([x, y]) => [x, y - 22] as Point),
        ...eyes.map(([x, y]) => [x + 4, y + 14] as Point).reverse(),
      ];
      lacing += `<path d="${smoothPath(stay)}" fill="${trim.colour}" opacity=".95"/>${stitch(polyline(eyes.map(([x, y]) => [x, y + 9] as Point)), trim.colour, 1.3, '3.5 3')}`;
    }
    lacing += `</g>`;
    for (const [x, y] of eyes) {
      lacing += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${dress ? 3 : 4.2}" fill="${shade(d.upper.colour, -0.55)}" stroke="${kind === 'plimsoll' || kind === 'hightop' ? '#c9c6c0' : shade(trim.colour, 0.15)}" stroke-width="${kind === 'plimsoll' || kind === 'hightop' ? 2.4 : 1.2}"/>`;
    }
    for (let i = 0; i < eyes.length; i++) {
      const [x, y] = eyes[i]!;
      const tx = x + 10;
      const ty = top(tx) - (dress ? 2 : 4);
      lacing += `<path d="M${r1(x)} ${r1(y)}L${r1(tx)} ${r1(ty)}" stroke="${shade(lace, -0.35)}" stroke-width="${dress ? 6 : 7.5}" stroke-linecap="round"/>`;
      lacing += `<path d="M${r1(x)} ${r1(y)}L${r1(tx)} ${r1(ty)}" stroke="${lace}" stroke-width="${dress ? 4 : 5.5}" stroke-linecap="round"/>`;
    }
    out += lacing;
  }

  // Pull tab, reflective heel detail.
  if (d.pullTab || kind === 'runner' || kind === 'knit' || kind === 'trail') {
    const tab = smoothPath([
      P(0.018, l.collar - 0.04),
      P(0.02, l.collar + 0.035),
      P(0.045, l.collar + 0.045),
      P(0.06, l.collar - 0.01),
    ]);
    out += painted(defs, tab, { material: 'webbing', colour: d.accent });
  }
  if (d.reflective) {
    out += `<g clip-path="url(#${clip})"><path d="${smoothPath([P(0.0, 0.16), P(0.05, 0.19), P(0.09, 0.18)], false)}" stroke="#d8dde2" stroke-width="7" fill="none" stroke-linecap="round"/><path d="${smoothPath([P(0.0, 0.16), P(0.05, 0.19), P(0.09, 0.18)], false)}" stroke="#fff" stroke-width="2" fill="none"/></g>`;
  }
  out += drawSole(defs, d, l);
  // The highest point: the upper's top line (laces stand a few units above it), or the pull tab.
  const tabbed = d.pullTab || kind === 'runner' || kind === 'knit' || kind === 'trail';
  const highest = Math.min(...outline.map((p) => p[1] - 5), tabbed ? Y(l.collar + 0.045) : Infinity);
  return { body: out, extent: [X(-0.015), X(l.toeTip + 0.012)], top: highest };
}
