// Materials as SVG paint: a base colour, a texture (pattern or filtered noise) and the light that makes a flat shape
// read as leather, suede, knit, canvas… Each document collects the definitions it uses once, by id.

import { luminance, mix, shade } from './geometry.js';

export type Material =
  | 'leather' // smooth calf: gradient and a specular highlight
  | 'patent' // high-shine leather: a hard highlight
  | 'suede' // fine noise, matte
  | 'nubuck'
  | 'synthetic' // smooth matte (vegan leather, coated leather)
  | 'mesh' // engineered mesh: fine open cells
  | 'knit' // knitted rows
  | 'canvas' // plain weave
  | 'ripstop' // nylon grid
  | 'nylon'
  | 'fleece' // soft noise with light relief
  | 'sherpa' // curly pile
  | 'felt' // dense fine noise
  | 'corduroy' // wales
  | 'velvet' // pile with a strong sheen
  | 'quilted' // diamond quilting
  | 'waffle' // waffle knit
  | 'webbing' // woven straps
  | 'braid' // plaited leather straps
  | 'foam' // midsole foam: a slight sheen
  | 'rubber'
  | 'cork';

/** The definitions (gradients, patterns, filters) one document uses, each written once. */
export class Defs {
  private readonly items = new Map<string, string>();
  add(id: string, svg: string): string {
    if (!this.items.has(id)) this.items.set(id, svg);
    return id;
  }
  toString(): string {
    return this.items.size ? `<defs>${[...this.items.values()].join('')}</defs>` : '';
  }
}

/** Light from the upper left: a vertical fall-off over any shape (object bounding box), lighter on dark colours. */
function shadingGradient(defs: Defs, strength: number): string {
  const id = `shade${Math.round(strength * 100)}`;
  return defs.add(
    id,
    `<linearGradient id="${id}" x1="0" y1="0" x2=".25" y2="1">` +
      `<stop offset="0" stop-color="#fff" stop-opacity="${(0.22 * strength).toFixed(2)}"/>` +
      `<stop offset=".45" stop-color="#fff" stop-opacity="0"/>` +
      `<stop offset="1" stop-color="#000" stop-opacity="${(0.3 * strength).toFixed(2)}"/></linearGradient>`,
  );
}

function noiseFilter(
  defs: Defs,
  id: string,
  frequency: string,
  octaves: number,
  relief: number,
  strength: number,
  seed = 4,
): string {
  // Noise lit as a relief, multiplied into the shape's own colour and cut to its outline.
  return defs.add(
    id,
    `<filter id="${id}" x="0" y="0" width="1" height="1" color-interpolation-filters="sRGB">` +
      `<feTurbulence type="fractalNoise" baseFrequency="${frequency}" numOctaves="${octaves}" seed="${seed}" result="n"/>` +
      `<feDiffuseLighting in="n" surfaceScale="${relief}" lighting-color="#fff" diffuseConstant="1" result="l"><feDistantLight azimuth="235" elevation="${Math.round(70 - strength * 25)}"/></feDiffuseLighting>` +
      `<feComponentTransfer in="l" result="lt"><feFuncR type="linear" slope="${strength}" intercept="${1 - strength}"/><feFuncG type="linear" slope="${strength}" intercept="${1 - strength}"/><feFuncB type="linear" slope="${strength}" intercept="${1 - strength}"/></feComponentTransfer>` +
      `<feBlend in="SourceGraphic" in2="lt" mode="multiply" result="b"/>` +
      `<feComposite in="b" in2="SourceAlpha" operator="in"/></filter>`,
  );
}

function pattern(defs: Defs, id: string, w: number, h: number, body: string, rotate = 0): string {
  return defs.add(
    id,
    `<pattern id="${id}" width="${w}" height="${h}" patternUnits="userSpaceOnUse"${rotate ? ` patternTransform="rotate(${rotate})"` : ''}>${body}</pattern>`,
  );
}

/** What lies over the base colour for a material: an optional filter on the base and an optional texture layer. */
interface Surface {
  filter?: string;
  texture?: string; // a fill (url(#…)) laid over the base
  textureOpacity?: number;
  shading: number; // strength of the light fall-off
  sheen?: number; // strength of a soft broad highlight
  specular?: number; // strength of a hard highlight
}

function surface(defs: Defs, material: Material, colour: string): Surface {
  const dark = luminance(colour) < 0.25;
  const ink = dark ? '#fff' : '#000';
  const id = (name: string) => `${name}${dark ? 'L' : 'D'}`;
  switch (material) {
    case 'leather':
      return { shading: 1, sheen: dark ? 0.5 : 0.35, specular: dark ? 0.55 : 0.4 };
    case 'patent':
      return { shading: 1.2, sheen: 0.6, specular: 0.95 };
    case 'synthetic':
      return { shading: 0.9, sheen: 0.25, specular: 0.22 };
    case 'foam':
      return { shading: 0.6, sheen: 0.3 };
    case 'rubber':
      return { shading: 0.8, filter: `url(#${noiseFilter(defs, 'rubberN', '1.4', 1, 0.6, 0.12)})` };
    case 'suede':
      return { shading: 1, filter: `url(#${noiseFilter(defs, 'suedeN', '1.1', 2, 1.1, 0.28)})` };
    case 'nubuck':
      return { shading: 1, filter: `url(#${noiseFilter(defs, 'nubuckN', '1.5', 2, 0.8, 0.2, 9)})` };
    case 'felt':
      return { shading: 0.9, filter: `url(#${noiseFilter(defs, 'feltN', '.55', 4, 1.6, 0.3, 11)})` };
    case 'fleece':
      return { shading: 0.8, filter: `url(#${noiseFilter(defs, 'fleeceN', '.16', 3, 3, 0.35, 5)})` };
    case 'sherpa':
      return { shading: 0.8, filter: `url(#${noiseFilter(defs, 'sherpaN', '.11', 3, 6, 0.5, 2)})` };
    case 'velvet':
      return {
        shading: 1.3,
        sheen: 0.55,
        filter: `url(#${noiseFilter(defs, 'velvetN', '1.2', 1, 0.5, 0.1, 3)})`,
      };
    case 'cork':
      return { shading: 0.6, filter: `url(#${noiseFilter(defs, 'corkN', '.5', 3, 3, 0.45, 8)})` };
    case 'mesh':
      return {
        shading: 1,
        sheen: 0.15,
        texture: `url(#${pattern(defs, id('mesh'), 7, 6, `<circle cx="2" cy="2" r="1.35" fill="${ink}"/><circle cx="5.5" cy="5" r="1.35" fill="${ink}"/>`)})`,
        textureOpacity: 0.22,
      };
    case 'knit':
      return {
        shading: 1,
        texture: `url(#${pattern(defs, id('knit'), 6, 5, `<path d="M0 0L3 4L6 0" fill="none" stroke="${ink}" stroke-width="1.1"/>`, -8)})`,
        textureOpacity: 0.2,
      };
    case 'waffle':
      return {
        shading: 1,
        texture: `url(#${pattern(defs, id('waffle'), 9, 9, `<rect width="9" height="9" fill="${ink}" opacity=".35"/><rect x="1.6" y="1.6" width="5.8" height="5.8" rx="1" fill="#fff" opacity=".5"/>`)})`,
        textureOpacity: 0.35,
      };
    case 'canvas':
      return {
        shading: 0.9,
        texture: `url(#${pattern(defs, id('canvas'), 4, 4, `<path d="M0 1h4M0 3h2" stroke="${ink}" stroke-width=".9"/><path d="M1 0v4M3 2v2" stroke="#fff" stroke-width=".8" opacity=".7"/>`)})`,
        textureOpacity: 0.18,
      };
    case 'ripstop':
      return {
        shading: 1,
        sheen: 0.2,
        texture: `url(#${pattern(defs, id('rip'), 10, 10, `<path d="M0 .5h10M.5 0v10" stroke="${ink}" stroke-width="1"/>`, 12)})`,
        textureOpacity: 0.2,
      };
    case 'nylon':
      return {
        shading: 1,
        sheen: 0.3,
        texture: `url(#${pattern(defs, id('nylon'), 3, 3, `<path d="M0 .5h3" stroke="${ink}" stroke-width=".7"/>`, 20)})`,
        textureOpacity: 0.14,
      };
    case 'corduroy':
      return {
        shading: 1.1,
        texture: `url(#${pattern(defs, id('cord'), 6, 6, `<rect width="2.2" height="6" fill="${ink}"/><rect x="3" width="2" height="6" fill="#fff" opacity=".6"/>`, 70)})`,
        textureOpacity: 0.22,
      };
    case 'quilted':
      return {
        shading: 1,
        sheen: 0.2,
        texture: `url(#${pattern(
          defs,
          id('quilt'),
          34,
          34,
          `<rect width="34" height="34" fill="#fff" opacity=".18"/><path d="M0 0L34 34M34 0L0 34" stroke="${ink}" stroke-width="2.4" opacity=".7"/><path d="M0 0L34 34M34 0L0 34" stroke="#fff" stroke-width="1" stroke-dasharray="3 3" opacity=".55" transform="translate(1.5 0)"/>`,
        )})`,
        textureOpacity: 0.5,
      };
    case 'webbing':
      return {
        shading: 0.9,
        texture: `url(#${pattern(defs, id('web'), 6, 3, `<path d="M0 1h6" stroke="${ink}" stroke-width="1.1"/><path d="M0 2.4h6" stroke="#fff" stroke-width=".6" opacity=".6"/>`)})`,
        textureOpacity: 0.25,
      };
    case 'braid':
      return {
        shading: 1,
        sheen: 0.3,
        texture: `url(#${pattern(defs, id('braid'), 14, 10, `<path d="M0 10L7 0L14 10" fill="none" stroke="${ink}" stroke-width="2.2"/><path d="M-3 5L4 -5M10 15L17 5" fill="none" stroke="${ink}" stroke-width="1.2" opacity=".6"/>`)})`,
        textureOpacity: 0.35,
      };
  }
}

export interface Paint {
  material: Material;
  colour: string;
}

/**
 * A shape painted in a material. `light` is where the shape's highlight sits (user units), for the sheen and the
 * specular spot; `clip` an id to clip the overlays to (defaults to a clip made from the shape itself).
 */
export function painted(
  defs: Defs,
  d: string,
  paint: Paint,
  light?: { x: number; y: number; rx: number; ry: number; angle?: number },
): string {
  const s = surface(defs, paint.material, paint.colour);
  const clipId = defs.add(`clip${hashD(d)}`, `<clipPath id="clip${hashD(d)}"><path d="${d}"/></clipPath>`);
  let out = `<path d="${d}" fill="${paint.colour}"${s.filter ? ` filter="${s.filter}"` : ''}/>`;
  if (s.texture) out += `<path d="${d}" fill="${s.texture}" opacity="${s.textureOpacity ?? 0.2}"/>`;
  out += `<path d="${d}" fill="url(#${shadingGradient(defs, s.shading)})"/>`;
  if (light && (s.sheen ?? 0) > 0) {
    const rg = defs.add(
      'sheen',
      `<radialGradient id="sheen"><stop offset="0" stop-color="#fff" stop-opacity="1"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>`,
    );
    const rot = light.angle ? ` transform="rotate(${light.angle} ${light.x} ${light.y})"` : '';
    out += `<g clip-path="url(#${clipId})"><ellipse cx="${light.x}" cy="${light.y}" rx="${light.rx}" ry="${light.ry}" fill="url(#${rg})" opacity="${(s.sheen ?? 0).toFixed(2)}"${rot}/>`;
    if ((s.specular ?? 0) > 0) {
      out += `<ellipse cx="${light.x}" cy="${light.y}" rx="${(light.rx * 0.38).toFixed(1)}" ry="${Math.max(2, light.ry * 0.22).toFixed(1)}" fill="url(#${rg})" opacity="${(s.specular ?? 0).toFixed(2)}"${rot}/>`;
    }
    out += `</g>`;
  }
  return out;
}

/** Stitching: a thin dashed line in a thread colour that shows on the material. */
export function stitch(d: string, colour: string, width = 1.6, dash = '5 4'): string {
  const thread = luminance(colour) < 0.35 ? mix(colour, '#e8e2d6', 0.55) : shade(colour, -0.38);
  return `<path d="${d}" fill="none" stroke="${thread}" stroke-width="${width}" stroke-dasharray="${dash}" stroke-linecap="round"/>`;
}

/** A seam: the shadow line where one panel lies on another. */
export function seam(d: string, colour: string, width = 2.2): string {
  return `<path d="${d}" fill="none" stroke="${shade(colour, -0.45)}" stroke-width="${width}" stroke-opacity=".75" stroke-linecap="round" stroke-linejoin="round"/>`;
}

function hashD(d: string): string {
  let h = 2166136261;
  for (let i = 0; i < d.length; i++) h = Math.imul(h ^ d.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
}
