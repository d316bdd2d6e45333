// How each view sits in its square, as in a shop's product photos: the side profile spans ~88% of the width at the
// shoe type's true height (the drawings are made at one common scale, then fitted), centred a little below the
// middle; the views from above and below are turned on the diagonal and fill the square the same way.

import type { Design, Kind } from './design.js';
import { ART_SIZE, type Point, r1 } from './geometry.js';
import { CY, footprint } from './outline.js';

/** The side profile's width as a share of the square. */
const SIDE_WIDTH = 0.88;
/** Where the middle of the shoe's box sits, as a share of the square's height (a little below the middle). */
const CENTRE_Y = 0.55;

/** Height including the sole, as a share of the length: what real shoes of each type measure. */
const HEIGHT: Record<Kind, number> = {
  runner: 0.4,
  trail: 0.41,
  knit: 0.39,
  trainer: 0.38,
  court: 0.38,
  terrace: 0.36,
  plimsoll: 0.35,
  hightop: 0.65,
  oxford: 0.33,
  derby: 0.34,
  slipper: 0.3,
  mule: 0.32,
  slide: 0.27,
  flipflop: 0.22,
  sportSandal: 0.3,
  strappy: 0.29,
  floater: 0.3,
  fisherman: 0.3,
};

export interface SideFit {
  /** The transform that maps the drawing into the square. */
  transform: string;
  /** The ground line and the shoe's span in the square, for the contact shadow. */
  ground: number;
  x0: number;
  x1: number;
}

/**
 * Fits a side drawing spanning x0 … x1 and rising from `ground` to `top` (drawing units) into the square. The vertical
 * scale differs a little from the horizontal one: that is what sets each type's true height.
 */
export function fitSide(d: Design, extent: readonly [number, number], top: number, ground: number): SideFit {
  const [x0, x1] = extent;
  const width = SIDE_WIDTH * ART_SIZE;
  const sx = width / (x1 - x0);
  const height = HEIGHT[d.kind] * width;
  const sy = height / (ground - top);
  const left = (ART_SIZE - width) / 2;
  const groundY = CENTRE_Y * ART_SIZE + height / 2;
  const tx = left - x0 * sx;
  const ty = groundY - ground * sy;
  return {
    transform: `matrix(${sx.toFixed(4)} 0 0 ${sy.toFixed(4)} ${r1(tx)} ${r1(ty)})`,
    ground: groundY,
    x0: left,
    x1: left + width,
  };
}

/** The largest side of the turned footprint's box, as a share of the square. */
const FLAT_FILL = 0.86;

/**
 * Turns a view from above or below by `angle` degrees (toe up to the right for negative angles) and scales it so the
 * footprint's box fills the square, centred a touch below the middle. The drawing is centred on (400, CY).
 */
export function fitFlat(d: Design, angle: number, margin = 1.05): string {
  const a = (angle * Math.PI) / 180;
  const cos = Math.cos(a);
  const sin = Math.sin(a);
  const turned: Point[] = footprint(d, margin).map(([x, y]) => {
    const dx = x - ART_SIZE / 2;
    const dy = y - CY;
    return [dx * cos - dy * sin, dx * sin + dy * cos];
  });
  const xs = turned.map((p) => p[0]);
  const ys = turned.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const s = (FLAT_FILL * ART_SIZE) / Math.max(maxX - minX, maxY - minY);
  const mx = (minX + maxX) / 2;
  const my = (minY + maxY) / 2;
  return `translate(${ART_SIZE / 2} ${r1(ART_SIZE * 0.51)}) scale(${s.toFixed(4)}) translate(${r1(-mx)} ${r1(-my)}) rotate(${angle}) translate(${-ART_SIZE / 2} ${-CY})`;
}
