// The side view of sandals, slides and flip-flops, seen from a little above as shops photograph them: a thick
// footbed whose top surface shows as a band, and straps that rise from the lateral edge, arch over the (unseen)
// foot and come down behind to the medial edge. Points are projected from (length u, across w, height v).

import type { Design, OpenKind } from './design.js';
import { type Point, r1, shade, smoothPath } from './geometry.js';
import { type Defs, painted, stitch } from './materials.js';
import { CY, footprint } from './outline.js';
import type { SideDrawing } from './side-closed.js';

const X0 = 90;
const L = 620;
const GROUND = 578;
/** How much of the across-the-shoe depth shows as height: the camera is a little above the shoe. */
const ELEVATION = 0.24;
/** …and a little in front of it: the far (medial) side shows shifted towards the heel, so straps read as arches. */
const YAW = 0.45;

interface Bed {
  heel: number;
  fore: number;
  spring: number;
}

function bedFor(d: Design): Bed {
  const heel = Math.max(0.055, d.heel ?? d.stack ?? 0.055) + 0.01;
  return { heel, fore: Math.max(0.04, heel * 0.62), spring: d.sole === 'lugged' ? 0.018 : 0.012 };
}

/** The footbed's top surface height at u: a raised heel cup, sloping to the ball, a slight toe spring. */
function bedAt(b: Bed, u: number): number {
  if (u < 0.15) return b.heel;
  if (u < 0.6) return b.heel + ((b.fore - b.heel) * (u - 0.15)) / 0.45;
  return b.fore + (b.spring * (u - 0.6)) / 0.4;
}

/** The unseen foot's height above the footbed at u (instep and toes). */
function footHeight(u: number): number {
  const pts: [number, number][] = [
    [0.2, 0.22],
    [0.45, 0.205],
    [0.62, 0.15],
    [0.8, 0.1],
    [0.95, 0.06],
  ];
  if (u <= pts[0]![0]) return pts[0]![1];
  for (let i = 1; i < pts.length; i++) {
    const [u0, v0] = pts[i - 1]!;
    const [u1, v1] = pts[i]!;
    if (u <= u1) return v0 + ((v1 - v0) * (u - u0)) / (u1 - u0);
  }
  return 0.05;
}

class Projection {
  highest = Infinity;
  left = Infinity;
  right = -Infinity;
  constructor(private readonly wNear: number) {}
  /** Screen point of (u, w, v): nearer (lateral, w < 0) is lower on the picture; the nearest edge touches the ground. */
  at(u: number, w: number, v: number): Point {
    const y = GROUND - v * L - (w - this.wNear) * L * ELEVATION;
    const x = X0 + u * L - w * L * YAW;
    this.highest = Math.min(this.highest, y);
    this.left = Math.min(this.left, x);
    this.right = Math.max(this.right, x);
    return [x, y];
  }
}

/** The footprint's half-widths at u (lateral negative, medial positive), from the outline the top view uses. */
function widthsAt(d: Design, u: number): [number, number] {
  const pts = footprint(d);
  const x = X0 + u * L;
  const cross: number[] = [];
  for (let i = 0; i < pts.length; i++) {
    const [ax, ay] = pts[i]!;
    const [bx, by] = pts[(i + 1) % pts.length]!;
    if ((ax - x) * (bx - x) <= 0 && ax !== bx)
      cross.push((CY - (ay + ((by - ay) * (x - ax)) / (bx - ax))) / L);
  }
  return cross.length >= 2 ? [Math.min(...cross), Math.max(...cross)] : [-0.05, 0.05];
}

function band(path: string, colour: string, width: number, edge = shade(colour, -0.4)): string {
  return (
    `<path d="${path}" fill="none" stroke="${edge}" stroke-width="${r1(width + 4)}" stroke-linecap="round" stroke-linejoin="round"/>` +
    `<path d="${path}" fill="none" stroke="${colour}" stroke-width="${r1(width)}" stroke-linecap="round" stroke-linejoin="round"/>`
  );
}

function buckle(x: number, y: number, colour: string, size: number): string {
  const w = 24 * size;
  const h = 30 * size;
  return (
    `<rect x="${r1(x - w / 2)}" y="${r1(y - h / 2)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(4 * size)}" fill="none" stroke="${shade(colour, -0.4)}" stroke-width="${r1(7 * size)}"/>` +
    `<rect x="${r1(x - w / 2)}" y="${r1(y - h / 2)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(4 * size)}" fill="none" stroke="${colour}" stroke-width="${r1(4.5 * size)}"/>` +
    `<path d="M${r1(x - w / 2 + 3)} ${r1(y - h / 2 + 3)}h${r1(w - 6)}" stroke="#fff" stroke-opacity=".7" stroke-width="${r1(1.6 * size)}"/>` +
    `<path d="M${r1(x)} ${r1(y - h / 2)}V${r1(y + h / 2)}" stroke="${shade(colour, 0.25)}" stroke-width="${r1(3 * size)}"/>`
  );
}

interface Strap {
  u: number; // where it crosses the foot
  width: number; // in fractions of the length
  lean?: number; // how far forward its top sits
  colour?: string;
  buckle?: boolean;
}

export function sandalSide(defs: Defs, d: Design): SideDrawing {
  const kind = d.kind as OpenKind;
  const b = bedFor(d);
  const print = footprint(d);
  const ws = print.map(([, y]) => (CY - y) / L);
  const pr = new Projection(Math.min(...ws));
  const toUW = ([x, y]: Point): [number, number] => [(x - X0) / L, (CY - y) / L];
  // The footprint's lateral half (w ≤ 0), heel to toe, for the footbed's visible side wall.
  const lateral = print.map(toUW).filter(([, w]) => w <= 0.002);
  lateral.sort((p, q) => p[0] - q[0]);

  const surface = smoothPath(print.map((p) => toUW(p)).map(([u, w]) => pr.at(u, w, bedAt(b, u))));
  const wallTop = lateral.map(([u, w]) => pr.at(u, w, bedAt(b, u)));
  const wallBottom = lateral.map(([u, w]) => pr.at(u, w, u > 0.8 ? b.spring * ((u - 0.8) / 0.2) : 0));
  const wall = smoothPath([...wallTop, ...[...wallBottom].reverse()]);
  const rubber = d.sole === 'lugged' ? 0.024 : 0.014;
  const outsoleTop = lateral.map(([u, w]) =>
    pr.at(u, w, rubber + (u > 0.8 ? b.spring * ((u - 0.8) / 0.2) : 0)),
  );
  const outsole = smoothPath([...outsoleTop, ...[...wallBottom].reverse()]);

  const strapColour = d.upper.colour;
  const inner = shade(strapColour, -0.38);
  const metal = d.buckle ?? '#b9b3a6';
  const behind: string[] = [];
  const front: string[] = [];

  const strapPaint = (colour: string) => ({ material: d.strapMaterial ?? d.upper.material, colour });

  /**
   * A strap as a band: `at(t, edge)` is the point at t (0 … π, near base to far base) on one edge (-1, 1). The near
   * half is painted in front; the far half shows its darker inside behind.
   */
  const loop = (
    at: (t: number, edge: number) => Point,
    colour: string,
    buckleAt?: number,
    stitched = true,
  ): void => {
    const half = (from: number, to: number, edge: number): Point[] => {
      const out: Point[] = [];
      for (let i = from; i <= to; i++) out.push(at((i / 12) * Math.PI, edge));
      return out;
    };
    const far = [...half(6, 12, -1), ...half(6, 12, 1).reverse()];
    const near = [...half(0, 6, -1), ...half(0, 6, 1).reverse()];
    const smoothHalf = (pts: Point[]) => {
      const a = pts.slice(0, 7);
      const b2 = pts.slice(7);
      return `${smoothPath(a, false)}L${smoothPath(b2, false).slice(1)}Z`;
    };
    behind.push(
      `<path d="${smoothHalf(far)}" fill="${shade(colour, -0.42)}" stroke="${shade(colour, -0.55)}" stroke-width="1.5"/>`,
    );
    const nd = smoothHalf(near);
    front.push(painted(defs, nd, strapPaint(colour), { x: near[4]![0], y: near[4]![1], rx: 18, ry: 40 }));
    front.push(
      `<path d="${nd}" fill="none" stroke="${shade(colour, -0.5)}" stroke-width="1.6" stroke-opacity=".8"/>`,
    );
    if (stitched) front.push(stitch(smoothPath(half(0, 6, 0), false), colour, 1.3, '4 3'));
    if (buckleAt !== undefined) {
      const [x, y] = at(buckleAt, 0);
      const [x1, y1] = at(buckleAt, 1);
      front.push(buckle(x, y, metal, Math.min(1, Math.hypot(x1 - x, y1 - y) / 13)));
    }
  };

  /** A strap over the foot, rising from the lateral edge and coming down behind to the medial edge. */
  const overFoot = (s: Strap): void => {
    const [wl, wm] = widthsAt(d, s.u);
    const h = footHeight(s.u);
    loop(
      (t, edge) => {
        const u = s.u + (edge * s.width) / 2 + (s.lean ?? 0) * Math.sin(t);
        const w = (wl + wm) / 2 - ((wm - wl) / 2) * 0.96 * Math.cos(t);
        return pr.at(u, w, bedAt(b, u) + h * Math.pow(Math.sin(t), 0.6));
      },
      s.colour ?? strapColour,
      s.buckle ? Math.PI * 0.27 : undefined,
      s.width > 0.03,
    );
  };

  /** A strap round the back of the heel at ankle height, with a connector down to the sole. */
  const heelStrap = (height: number, width: number, withBuckle: boolean): void => {
    const [wl, wm] = widthsAt(d, 0.2);
    const post = (edge: number): Point[] => [
      pr.at(0.24 + (edge * width) / 2, wl * 0.96, bedAt(b, 0.24)),
      pr.at(0.235 + (edge * width) / 2, wl * 0.93, bedAt(b, 0.2) + height * 0.5),
      pr.at(0.225 + (edge * width) / 2, wl * 0.9, bedAt(b, 0.1) + height),
    ];
    const pd = `${smoothPath(post(-1), false)}L${smoothPath(post(1).reverse(), false).slice(1)}Z`;
    front.push(
      painted(defs, pd, strapPaint(strapColour)),
      `<path d="${pd}" fill="none" stroke="${shade(strapColour, -0.5)}" stroke-width="1.6"/>`,
    );
    loop(
      (t, edge) => {
        const u = 0.22 - 0.22 * Math.sin(t);
        const w = (wl + wm) / 2 - ((wm - wl) / 2) * Math.cos(t) * 0.9;
        return pr.at(u, w, bedAt(b, 0.1) + height + (edge * width) / 2);
      },
      strapColour,
      withBuckle ? Math.PI * 0.18 : undefined,
      width > 0.03,
    );
  };

  if (kind === 'slide') {
    if (d.variant === 1) {
      overFoot({ u: 0.42, width: 0.1, buckle: true });
      overFoot({ u: 0.64, width: 0.11, lean: 0.01, buckle: true });
    } else overFoot({ u: 0.56, width: 0.2, lean: 0.02 });
  } else if (kind === 'flipflop') {
    const post = pr.at(0.83, 0.03, bedAt(b, 0.83) + 0.02);
    const [wl, wm] = widthsAt(d, 0.56);
    const apex = pr.at(0.7, 0.0, bedAt(b, 0.7) + 0.1);
    behind.push(
      band(
        smoothPath(
          [pr.at(0.56, wm * 0.96, bedAt(b, 0.56)), pr.at(0.66, wm * 0.5, bedAt(b, 0.66) + 0.09), apex, post],
          false,
        ),
        inner,
        12,
      ),
    );
    front.push(
      band(
        smoothPath(
          [pr.at(0.56, wl * 0.96, bedAt(b, 0.56)), pr.at(0.66, wl * 0.5, bedAt(b, 0.66) + 0.09), apex, post],
          false,
        ),
        strapColour,
        13,
      ),
    );
  } else {
    const straps: Strap[] =
      kind === 'sportSandal'
        ? d.variant === 1
          ? [
              { u: 0.66, width: 0.05 },
              { u: 0.44, width: 0.05, buckle: true },
            ]
          : d.variant === 2
            ? [
                { u: 0.77, width: 0.035 },
                { u: 0.63, width: 0.035, colour: d.trim.colour },
                { u: 0.47, width: 0.035, buckle: true },
              ]
            : [
                { u: 0.73, width: 0.045 },
                { u: 0.48, width: 0.045, buckle: true },
              ]
        : kind === 'strappy'
          ? d.variant === 1
            ? [{ u: 0.78, width: 0.024 }]
            : [
                { u: 0.79, width: 0.022 },
                { u: 0.66, width: 0.022, lean: -0.04 },
                { u: 0.55, width: 0.022, lean: 0.05 },
              ]
          : kind === 'fisherman'
            ? [0.8, 0.71, 0.62, 0.53].map((u) => ({ u, width: 0.04 }))
            : [
                { u: 0.72, width: 0.045 },
                { u: 0.5, width: 0.045, buckle: true },
              ];
    for (const s of straps) overFoot(s);
    const ankle = kind === 'strappy' ? 0.23 : kind === 'fisherman' ? 0.13 : 0.19;
    heelStrap(ankle, kind === 'strappy' ? 0.02 : 0.04, true);
  }

  const footbed =
    d.sole === 'footbed'
      ? { material: 'cork' as const, colour: d.midsole }
      : { material: 'foam' as const, colour: d.midsole };
  const wallClip = defs.add('wallClip', `<clipPath id="wallClip"><path d="${wall}"/></clipPath>`);
  let sole = painted(defs, wall, footbed);
  sole += `<g clip-path="url(#${wallClip})">${painted(defs, outsole, { material: 'rubber', colour: d.outsole })}`;
  sole += `<path d="${smoothPath(
    wallBottom.map(([x, y]) => [x, y - 3] as Point),
    false,
  )}" fill="none" stroke="${shade(d.outsole, -0.45)}" stroke-width="${d.sole === 'lugged' ? 10 : 5}" stroke-dasharray="${d.sole === 'lugged' ? '15 9' : '8 7'}"/></g>`;
  // The top surface: the liner, lit, its edge catching the light.
  const liner = d.sole === 'footbed' ? shade(d.lining, -0.04) : shade(d.lining, 0.05);
  sole += painted(
    defs,
    surface,
    { material: d.sole === 'footbed' ? 'suede' : 'synthetic', colour: liner },
    { x: 360, y: GROUND - b.fore * L - 30, rx: 200, ry: 20 },
  );
  sole += `<path d="${smoothPath(wallTop, false)}" fill="none" stroke="${shade(liner, 0.45)}" stroke-width="3" stroke-linecap="round"/>`;
  sole += `<path d="${smoothPath(wallTop, false)}" transform="translate(0 5)" fill="none" stroke="#000" stroke-opacity=".12" stroke-width="4"/>`;

  const body = sole + behind.join('') + front.join('');
  return { body, extent: [pr.left - 4, pr.right + 4], top: pr.highest - 6 };
}
