// The side profile of mules and clogs: a covered forefoot on a footbed, open at the back, the opening trimmed in
// the lining (sherpa, shearling, fleece).

import type { Design } from './design.js';
import { type Point, r1, shade, smoothPath } from './geometry.js';
import { type Defs, type Paint, painted, stitch } from './materials.js';
import type { SideDrawing } from './side-closed.js';

const X0 = 90;
const L = 620;
const GROUND = 578;
const LIFT = 1.12; // as the closed shoes: a little taller than life, to read at card size
const X = (u: number) => X0 + u * L;
const Y = (v: number) => GROUND - v * L * LIFT;
const P = (u: number, v: number): Point => [X(u), Y(v)];

interface Bed {
  heel: number; // footbed top at the heel
  fore: number; // at the ball
  spring: number;
}

function bedFor(d: Design): Bed {
  const heel = d.heel ?? d.stack ?? 0.05;
  const fore = Math.min(
    heel,
    d.sole === 'lugged'
      ? 0.045
      : d.sole === 'slipper'
        ? Math.max(0.035, heel * 0.75)
        : Math.max(0.026, heel * 0.55),
  );
  return { heel, fore, spring: d.sole === 'lugged' ? 0.02 : 0.012 };
}

function sole(defs: Defs, d: Design, b: Bed): string {
  const top: Point[] = [
    P(1.0, b.fore + b.spring),
    P(0.8, b.fore + b.spring * 0.3),
    P(0.55, b.fore + 0.008),
    P(0.35, (b.fore + b.heel) / 2 + 0.01),
    P(0.12, b.heel),
    P(0.0, b.heel),
  ];
  const outline: Point[] = [
    P(0.0, 0.012),
    P(0.05, 0),
    P(0.35, 0),
    P(0.65, 0),
    P(0.88, b.spring * 0.4),
    P(1.005, b.spring + 0.006),
    P(1.012, b.spring + b.fore * 0.5),
    ...top,
    P(-0.012, b.heel * 0.5),
  ];
  const d1 = smoothPath(outline);
  const clip = defs.add('bedClip', `<clipPath id="bedClip"><path d="${d1}"/></clipPath>`);
  const footbed: Paint =
    d.sole === 'footbed'
      ? { material: 'cork', colour: d.midsole }
      : { material: d.sole === 'slipper' ? 'foam' : 'foam', colour: d.midsole };
  let out = painted(defs, d1, footbed, { x: X(0.5), y: Y(b.fore), rx: 240, ry: 8 });
  // The footbed's top layer (a lighter liner), and the rubber outsole with its tread at the edge.
  const liner = smoothPath([
    ...top.map(([x, y]) => [x, y - 1] as Point),
    P(-0.01, b.heel - 0.012),
    P(0.12, b.heel - 0.014),
    P(0.35, (b.fore + b.heel) / 2 - 0.004),
    P(0.55, b.fore - 0.006),
    P(0.8, b.fore + b.spring * 0.3 - 0.013),
    P(1.005, b.fore + b.spring - 0.012),
  ]);
  out += `<g clip-path="url(#${clip})">${painted(defs, liner, { material: d.sole === 'footbed' ? 'suede' : 'synthetic', colour: shade(d.lining, -0.05) })}`;
  const band = d.sole === 'lugged' ? 0.022 : 0.012;
  const rubber = `M${r1(X(-0.05))} ${r1(Y(band))}L${r1(X(0.8))} ${r1(Y(band))}Q${r1(X(0.95))} ${r1(Y(band + b.spring * 0.4))} ${r1(X(1.05))} ${r1(Y(band + b.spring + 0.01))}L${r1(X(1.05))} ${r1(Y(-0.02))}L${r1(X(-0.05))} ${r1(Y(-0.02))}Z`;
  out += painted(defs, rubber, { material: 'rubber', colour: d.outsole });
  out += `<path d="M${r1(X(-0.02))} ${r1(Y(0.003))}L${r1(X(0.85))} ${r1(Y(0.003))}" stroke="${shade(d.outsole, -0.4)}" stroke-width="${d.sole === 'lugged' ? 10 : 5}" stroke-dasharray="${d.sole === 'lugged' ? '15 9' : '8 7'}"/>`;
  if (d.sole !== 'slipper')
    out += stitch(
      smoothPath(
        top.map(([x, y]) => [x, y + 6] as Point),
        false,
      ),
      d.midsole,
      1.4,
      '4 3',
    );
  out += `</g>`;
  return out;
}

export function muleSide(defs: Defs, d: Design): SideDrawing {
  const b = bedFor(d);
  const back: string[] = []; // the lining inside, seen through the open back
  const front: string[] = [];

  const open = d.variant === 1 ? 0.3 : 0.4; // a clog covers more of the foot
  const h = d.variant === 1 ? 0.255 : 0.215;
  const up = smoothPath([
    P(open - 0.02, b.fore + 0.02),
    P(open, h - 0.02),
    P(open + 0.06, h),
    P(0.62, h - 0.045),
    P(0.8, 0.16 + b.fore * 0.5),
    P(0.93, 0.125 + b.fore * 0.4),
    P(1.0, b.fore + b.spring + 0.04),
    P(1.005, b.fore + b.spring),
    P(0.7, b.fore - 0.01),
  ]);
  const edge = smoothPath(
    [
      P(open - 0.015, b.fore + 0.02),
      P(open + 0.004, h - 0.02),
      P(open + 0.06, h - 0.002),
      P(0.58, h - 0.036),
    ],
    false,
  );
  back.push(
    `<path d="${smoothPath([P(open + 0.01, h - 0.01), P(0.55, h - 0.03), P(0.6, b.fore + 0.04), P(open + 0.02, b.fore + 0.02)])}" fill="${shade(d.lining, -0.3)}"/>`,
  );
  front.push(painted(defs, up, d.upper, { x: X(0.72), y: Y(0.17), rx: 120, ry: 24, angle: 12 }));
  if (d.upper.material === 'quilted' || d.variant === 2) {
    const clipId = defs.add('muleClip', `<clipPath id="muleClip"><path d="${up}"/></clipPath>`);
    front.push(
      `<g clip-path="url(#${clipId})">${painted(defs, up, { material: 'quilted', colour: d.upper.colour })}</g>`,
    );
  }
  front.push(
    `<path d="${edge}" fill="none" stroke="${shade(d.lining, -0.15)}" stroke-width="${d.padded ? 30 : 20}" stroke-linecap="round"/>`,
  );
  const trim = smoothPath([
    P(open - 0.02, b.fore + 0.02),
    P(open - 0.005, h - 0.015),
    P(open + 0.06, h + 0.008),
    P(0.585, h - 0.03),
    P(0.58, h - 0.055),
    P(open + 0.06, h - 0.02),
    P(open + 0.02, h - 0.03),
    P(open + 0.01, b.fore + 0.02),
  ]);
  front.push(painted(defs, trim, { material: d.padded ? 'sherpa' : 'fleece', colour: d.lining }));
  if (d.accent && d.variant !== 1)
    front.push(
      `<rect x="${r1(X(0.8))}" y="${r1(Y(0.1))}" width="30" height="12" rx="3" fill="${d.accent}" transform="rotate(20 ${r1(X(0.8))} ${r1(Y(0.1))})"/>`,
    );
  front.push(
    stitch(
      smoothPath([P(0.45, b.fore + 0.03), P(0.75, b.fore + 0.035), P(0.98, b.fore + b.spring + 0.02)], false),
      d.upper.colour,
    ),
  );
  const body = back.join('') + sole(defs, d, b) + front.join('');
  return { body, extent: [X(-0.012), X(1.012)], top: Y(h + 0.012) - 4 };
}
