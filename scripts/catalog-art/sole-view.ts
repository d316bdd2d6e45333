// The sole from below: the outsole's rubber and its tread, which differs from one kind of shoe to the next.

import type { Design } from './design.js';
import { type Point, r1, shade, smoothPath } from './geometry.js';
import { type Defs, painted, stitch } from './materials.js';
import { CY, W, X, footprint, mirrored } from './outline.js';
import { liftShadow } from './studio.js';

function treadPattern(defs: Defs, d: Design): string {
  const ink = shade(d.outsole, -0.45);
  const hi = shade(d.outsole, 0.25);
  const id = `tread-${d.sole}-${d.kind}`;
  const body = (() => {
    switch (d.sole) {
      case 'lugged':
      case 'commando':
        return {
          w: 34,
          h: 30,
          svg: `<path d="M4 6L16 14L28 6L28 13L16 21L4 13Z" fill="${ink}"/><path d="M4 6L16 14L28 6" fill="none" stroke="${hi}" stroke-width="1.5"/>`,
        };
      case 'cupsole':
      case 'platform':
        return {
          w: 14,
          h: 14,
          svg: `<path d="M0 7L7 0M7 14L14 7M0 14L14 0" stroke="${ink}" stroke-width="2.4"/>`,
        };
      case 'vulc':
        return {
          w: 12,
          h: 12,
          svg: `<path d="M6 0L12 6L6 12L0 6Z" fill="none" stroke="${ink}" stroke-width="1.8"/>`,
        };
      case 'slipper':
        return {
          w: 16,
          h: 16,
          svg: `<circle cx="8" cy="8" r="3" fill="${ink}"/><circle cx="7" cy="7" r="1.2" fill="${hi}"/>`,
        };
      case 'footbed':
        return {
          w: 24,
          h: 12,
          svg: `<path d="M0 6Q6 0 12 6T24 6" fill="none" stroke="${ink}" stroke-width="2.6"/>`,
        };
      default:
        return {
          w: 22,
          h: 22,
          svg: `<rect x="3" y="3" width="16" height="7" rx="3" fill="${ink}"/><rect x="3" y="13" width="7" height="7" rx="3" fill="${ink}"/><rect x="13" y="13" width="6" height="7" rx="3" fill="${ink}"/>`,
        };
    }
  })();
  return defs.add(
    id,
    `<pattern id="${id}" width="${body.w}" height="${body.h}" patternUnits="userSpaceOnUse" patternTransform="rotate(90)">${body.svg}</pattern>`,
  );
}

export function soleView(defs: Defs, d: Design): string {
  const rimPts = mirrored(footprint(d, 1.0));
  const rim = smoothPath(rimPts);
  const inner = smoothPath(mirrored(footprint(d, 0.93)));
  let out = liftShadow(defs, rim, 8, 12);
  const dress = d.sole === 'dress' || d.sole === 'block';
  if (dress) {
    // A leather sole: the channel stitching near its edge, and the heel's rubber top-piece.
    out += painted(
      defs,
      rim,
      { material: 'leather', colour: shade(d.midsole, 0.12) },
      { x: X(0.7), y: CY, rx: 120, ry: 50 },
    );
    out += stitch(inner, shade(d.midsole, 0.12), 1.6, '4 3');
    const heel = `M${r1(X(-0.05))} ${r1(W(0.3))}L${r1(X(0.2))} ${r1(W(0.3))}Q${r1(X(0.225))} ${r1(W(0))} ${r1(X(0.2))} ${r1(W(-0.3))}L${r1(X(-0.05))} ${r1(W(-0.3))}Z`;
    const rimClip = defs.add('soleRim', `<clipPath id="soleRim"><path d="${rim}"/></clipPath>`);
    const breast = `<path d="${smoothPath(
      mirrored([
        [X(0.2), W(0.2)],
        [X(0.215), W(0)],
        [X(0.2), W(-0.2)],
      ] as Point[]),
      false,
    )}" stroke="${shade(d.outsole, -0.3)}" stroke-width="3" fill="none"/>`;
    out += `<g clip-path="url(#${rimClip})">${painted(defs, heel, { material: 'rubber', colour: d.outsole })}${breast}</g>`;
    return out;
  }
  const foam = d.sole === 'midsole' || d.sole === 'rocker' || d.sole === 'lugged' || d.sole === 'footbed';
  out += painted(
    defs,
    rim,
    foam ? { material: 'foam', colour: d.midsole } : { material: 'rubber', colour: d.outsole },
  );
  const clip = defs.add('soleInner', `<clipPath id="soleInner"><path d="${inner}"/></clipPath>`);
  if (foam) {
    // Rubber pods at the heel and the forefoot, the foam showing at the waist.
    const fore = smoothPath(
      mirrored([
        [X(0.5), W(0.2)],
        [X(0.46), W(0)],
        [X(0.5), W(-0.2)],
        [X(1.1), W(-0.2)],
        [X(1.1), W(0.2)],
      ] as Point[]),
    );
    const heel = smoothPath(
      mirrored([
        [X(0.3), W(0.2)],
        [X(0.26), W(0)],
        [X(0.3), W(-0.2)],
        [X(-0.1), W(-0.2)],
        [X(-0.1), W(0.2)],
      ] as Point[]),
    );
    out += `<g clip-path="url(#${clip})">${painted(defs, fore, { material: 'rubber', colour: d.outsole })}${painted(defs, heel, { material: 'rubber', colour: d.outsole })}<path d="${fore}" fill="url(#${treadPattern(defs, d)})"/><path d="${heel}" fill="url(#${treadPattern(defs, d)})"/></g>`;
    // Flex grooves across the forefoot.
    for (const u of [0.62, 0.72, 0.82])
      out += `<path d="M${r1(X(u))} ${r1(W(0.2))}L${r1(X(u + 0.02))} ${r1(W(-0.2))}" stroke="${shade(d.midsole, -0.3)}" stroke-width="6" clip-path="url(#${clip})"/>`;
  } else {
    out += `<g clip-path="url(#${clip})"><path d="${inner}" fill="url(#${treadPattern(defs, d)})"/></g>`;
    out += `<path d="${inner}" fill="none" stroke="${shade(d.outsole, -0.25)}" stroke-width="2.5"/>`;
    if (d.sole === 'cupsole' || d.sole === 'platform') {
      // A pivot circle under the ball, as court soles have.
      out += `<circle cx="${r1(X(0.68))}" cy="${r1(2 * CY - W(0.02))}" r="34" fill="${d.outsole}" stroke="${shade(d.outsole, -0.4)}" stroke-width="3"/><circle cx="${r1(X(0.68))}" cy="${r1(2 * CY - W(0.02))}" r="22" fill="none" stroke="${shade(d.outsole, -0.4)}" stroke-width="2"/>`;
    }
  }
  return out;
}
