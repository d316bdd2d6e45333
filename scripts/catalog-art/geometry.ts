// Shared drawing arithmetic: the artboard, colour mixing, and smooth closed outlines through a few points.

/** Every view is drawn on an 800 × 800 artboard. */
export const ART_SIZE = 800;

export type Point = readonly [number, number];

export const r1 = (n: number): string => (Math.round(n * 10) / 10).toString();

function rgb(hex: string): [number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: [number, number, number]): string {
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return `#${((1 << 24) | (c(r) << 16) | (c(g) << 8) | c(b)).toString(16).slice(1)}`;
}

/** Mixes two colours: t = 0 gives a, 1 gives b. */
export function mix(a: string, b: string, t: number): string {
  const [ar, ag, ab] = rgb(a);
  const [br, bg, bb] = rgb(b);
  return hex([ar + (br - ar) * t, ag + (bg - ag) * t, ab + (bb - ab) * t]);
}

/** Lighter (amount > 0, towards white) or darker (amount < 0, towards black). */
export const shade = (c: string, amount: number): string =>
  amount >= 0 ? mix(c, '#ffffff', amount) : mix(c, '#000000', -amount);

/** Relative luminance, 0 (black) … 1 (white): dark materials get stronger highlights and lighter stitching. */
export function luminance(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/** A Catmull-Rom spline through the points as cubic Béziers (closed: back to the first point). */
export function smoothPath(points: readonly Point[], closed = true, tension = 1): string {
  const n = points.length;
  const at = (i: number): Point => (closed ? points[(i + n) % n]! : points[Math.max(0, Math.min(n - 1, i))]!);
  let d = `M${r1(points[0]![0])} ${r1(points[0]![1])}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const k = tension / 6;
    const c1: Point = [p1[0] + (p2[0] - p0[0]) * k, p1[1] + (p2[1] - p0[1]) * k];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) * k, p2[1] - (p3[1] - p1[1]) * k];
    d += `C${r1(c1[0])} ${r1(c1[1])} ${r1(c2[0])} ${r1(c2[1])} ${r1(p2[0])} ${r1(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** Points along the same spline, for placing details (eyelets, stitches) on an outline. */
export function sampleSpline(points: readonly Point[], closed: boolean, perSegment = 16): Point[] {
  const n = points.length;
  const at = (i: number): Point => (closed ? points[(i + n) % n]! : points[Math.max(0, Math.min(n - 1, i))]!);
  const out: Point[] = [];
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    for (let s = 0; s < perSegment; s++) {
      const t = s / perSegment;
      const t2 = t * t;
      const t3 = t2 * t;
      const f = (a: number, b: number, c: number, d: number) =>
        0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t2 + (-a + 3 * b - 3 * c + d) * t3);
      out.push([f(p0[0], p1[0], p2[0], p3[0]), f(p0[1], p1[1], p2[1], p3[1])]);
    }
  }
  if (!closed) out.push(points[n - 1]!);
  return out;
}

/** Evenly spaced points along a polyline (by arc length), from `from` to `to` as fractions of its length. */
export function alongPolyline(poly: readonly Point[], count: number, from = 0, to = 1): Point[] {
  const lengths = [0];
  for (let i = 1; i < poly.length; i++) {
    lengths.push(lengths[i - 1]! + Math.hypot(poly[i]![0] - poly[i - 1]![0], poly[i]![1] - poly[i - 1]![1]));
  }
  const total = lengths[lengths.length - 1]!;
  const out: Point[] = [];
  for (let k = 0; k < count; k++) {
    const target = total * (from + ((to - from) * k) / Math.max(1, count - 1));
    let i = 1;
    while (i < poly.length - 1 && lengths[i]! < target) i++;
    const seg = lengths[i]! - lengths[i - 1]! || 1;
    const t = (target - lengths[i - 1]!) / seg;
    out.push([
      poly[i - 1]![0] + (poly[i]![0] - poly[i - 1]![0]) * t,
      poly[i - 1]![1] + (poly[i]![1] - poly[i - 1]![1]) * t,
    ]);
  }
  return out;
}

export const polyline = (pts: readonly Point[]): string =>
  pts.map((p, i) => `${i ? 'L' : 'M'}${r1(p[0])} ${r1(p[1])}`).join('');

/** A small deterministic generator (mulberry32), for scatter such as perforations' jitter: same seed, same art. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}
