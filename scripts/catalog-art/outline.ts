// The shoe's footprint seen from above: one outline for the top view and, mirrored, the sole view.

import type { Design } from './design.js';
import { type Point, smoothPath } from './geometry.js';

export const X0 = 90;
export const L = 620;
export const CY = 410;
export const X = (u: number) => X0 + u * L;
/** Across the shoe: w > 0 towards the medial side (the big toe), drawn upwards. */
export const W = (w: number) => CY - w * L;

/** Half-widths (medial, lateral) along the length, for a last of average width. */
const STATIONS: [number, number, number][] = [
  [0.0, 0.0, 0.0],
  [0.02, 0.066, 0.068],
  [0.08, 0.1, 0.104],
  [0.2, 0.108, 0.114],
  [0.38, 0.104, 0.122],
  [0.58, 0.142, 0.132],
  [0.72, 0.15, 0.128],
  [0.84, 0.138, 0.108],
  [0.93, 0.108, 0.07],
  [0.985, 0.06, 0.018],
  [1.0, 0.03, -0.01],
];

export function widthFactor(d: Design): number {
  const byKind: Partial<Record<Design['kind'], number>> = {
    oxford: 0.86,
    derby: 0.9,
    mule: 1.04,
    slipper: 1.02,
    slide: 1.0,
    strappy: 0.9,
    plimsoll: 0.94,
  };
  // The stations are of a slim last; real shoes are about 0.38 of their length wide at the ball.
  return ((byKind[d.kind] ?? 0.98) - (d.slim ?? 0) * 0.06) * 1.22;
}

/** The footprint, scaled (1 = the sole's rim), toe at u = 1, as points for a smooth closed path. */
export function footprint(
  d: Design,
  scale = 1,
  pointy = d.kind === 'oxford' || d.kind === 'derby' ? 0.5 : 0,
): Point[] {
  const k = widthFactor(d) * scale;
  const medial: Point[] = [];
  const lateral: Point[] = [];
  for (const [u, m, l] of STATIONS) {
    const tip = u > 0.9 ? 1 - pointy * (u - 0.9) * 3 : 1;
    const uu = 0.5 + (u - 0.5) * (scale > 1 ? 1 + (scale - 1) * 0.25 : 1 - (1 - scale) * 0.25);
    medial.push([X(uu), W(m * k * tip)]);
    if (u > 0 && u < 1) lateral.unshift([X(uu), W(-l * k * tip)]);
  }
  return [...medial, ...lateral];
}

export const footprintPath = (d: Design, scale = 1): string => smoothPath(footprint(d, scale));

/** The same outline mirrored top-to-bottom: the sole seen from below has its medial side at the bottom. */
export function mirrored(points: readonly Point[]): Point[] {
  return points.map(([x, y]) => [x, 2 * CY - y] as Point);
}
