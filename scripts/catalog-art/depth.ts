// Cheap volume for flat shapes: a top-lit fall-off over a whole part, and thin highlights where a rounded edge
// turns towards the light (the upper's top line, the toe, a sole's top edge). Gradients and strokes only.

import type { Defs } from './materials.js';

/** Lighter at the top, darker towards the bottom, where the upper turns under towards the sole. */
export function volume(defs: Defs, d: string, strength = 1): string {
  const id = defs.add(
    `volume${Math.round(strength * 100)}`,
    `<linearGradient id="volume${Math.round(strength * 100)}" x1="0" y1="0" x2="0" y2="1">` +
      `<stop offset="0" stop-color="#fff" stop-opacity="${(0.16 * strength).toFixed(2)}"/>` +
      `<stop offset=".4" stop-color="#fff" stop-opacity="0"/>` +
      `<stop offset=".75" stop-color="#000" stop-opacity="${(0.1 * strength).toFixed(2)}"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="${(0.3 * strength).toFixed(2)}"/></linearGradient>`,
  );
  return `<path d="${d}" fill="url(#${id})"/>`;
}

/** A highlight just inside an edge (an open path along it), clipped to the part it lies on. */
export function edgeLight(
  edge: string,
  clip: string,
  offset: readonly [number, number],
  width: number,
  opacity: number,
): string {
  return `<g clip-path="url(#${clip})"><path d="${edge}" transform="translate(${offset[0]} ${offset[1]})" fill="none" stroke="#fff" stroke-width="${width}" stroke-opacity="${opacity.toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/></g>`;
}

/** A sole's side wall: lit along its top edge, shaded towards the ground. */
export function wallShade(defs: Defs, d: string): string {
  const id = defs.add(
    'wall',
    `<linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity=".18"/><stop offset=".5" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".22"/></linearGradient>`,
  );
  return `<path d="${d}" fill="url(#${id})"/>`;
}
