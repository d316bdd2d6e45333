/**
 * Generates the store's seeded product artwork as flat-design SVG "product shots".
 *
 *   npx tsx scripts/generate-catalog-art.ts
 *   node --experimental-strip-types scripts/generate-catalog-art.ts   (Node >= 22.6)
 *
 * Output: api/public/images/{type-slug}-{colourway}-{view}.svg
 *   type-slug : sports-shoes | sneakers | leather-shoes | slippers | sandals
 *   colourway : see COLOURWAYS below
 *   view      : side (main) | top (top-down) | detail (close-up crop of the side view)
 *
 * Uses only node: built-ins. Idempotent: files are overwritten on every run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Palette {
  upper: string; // main upper material
  upper2: string; // overlays / secondary panels
  accent: string; // small details: pull tabs, stripes, buckles
  sole: string; // midsole / cupsole / footbed (usually light)
  outsole: string; // rubber outsole, welt, heel block (usually dark)
  lace: string;
  bg: string; // backdrop
  bgDeep: string; // soft spotlight disc behind the shoe
}

export const COLOURWAYS: Record<string, Palette> = {
  onyx: {
    upper: '#23262b',
    upper2: '#3a3f47',
    accent: '#c9a45c',
    sole: '#f1efe9',
    outsole: '#2b2b2b',
    lace: '#f1efe9',
    bg: '#eeece8',
    bgDeep: '#e1ded8',
  },
  chalk: {
    upper: '#f5f3ee',
    upper2: '#e0dcd2',
    accent: '#8a9a8b',
    sole: '#ffffff',
    outsole: '#b5ada0',
    lace: '#ffffff',
    bg: '#e4eaee',
    bgDeep: '#d3dce2',
  },
  navy: {
    upper: '#1f2f55',
    upper2: '#2f4474',
    accent: '#f2b134',
    sole: '#f3f1ea',
    outsole: '#1a2340',
    lace: '#f3f1ea',
    bg: '#e9eef5',
    bgDeep: '#d7e0ec',
  },
  tan: {
    upper: '#b87b46',
    upper2: '#9a6133',
    accent: '#5a3a22',
    sole: '#efe2cc',
    outsole: '#4a3322',
    lace: '#f2e6d3',
    bg: '#f5ede2',
    bgDeep: '#e9dccb',
  },
  olive: {
    upper: '#6b7140',
    upper2: '#545930',
    accent: '#d9a441',
    sole: '#ece7d6',
    outsole: '#3c3d2b',
    lace: '#ece7d6',
    bg: '#eef0e5',
    bgDeep: '#dfe3d1',
  },
  crimson: {
    upper: '#a3202f',
    upper2: '#7e1724',
    accent: '#f3d9b5',
    sole: '#f7f3ee',
    outsole: '#3a1d20',
    lace: '#fff8f0',
    bg: '#f7eae8',
    bgDeep: '#eed7d4',
  },
  sand: {
    upper: '#d9c4a1',
    upper2: '#c4ab84',
    accent: '#7b5b3a',
    sole: '#f7f0e3',
    outsole: '#8c7356',
    lace: '#fbf6ec',
    bg: '#f5f1e8',
    bgDeep: '#e9e1d1',
  },
  slate: {
    upper: '#5b6673',
    upper2: '#47515d',
    accent: '#6fcab8',
    sole: '#eef0f2',
    outsole: '#2f353c',
    lace: '#eef0f2',
    bg: '#edf0f3',
    bgDeep: '#dce2e8',
  },
  blush: {
    upper: '#e8b8b0',
    upper2: '#d9a098',
    accent: '#8c4a4a',
    sole: '#fbf5f2',
    outsole: '#a67c76',
    lace: '#ffffff',
    bg: '#fbf0ef',
    bgDeep: '#f2dfdd',
  },
  cognac: {
    upper: '#8b4a22',
    upper2: '#6d3819',
    accent: '#d8b27a',
    sole: '#eadabf',
    outsole: '#3a2415',
    lace: '#eadabf',
    bg: '#f4ece3',
    bgDeep: '#e7d9c9',
  },
};

export const SHOE_TYPES = {
  'sports-shoes': 'Sports Shoes',
  sneakers: 'Sneakers',
  'leather-shoes': 'Leather Shoes',
  slippers: 'Slippers',
  sandals: 'Sandals',
} as const;
export type TypeSlug = keyof typeof SHOE_TYPES;
export const VIEWS = ['side', 'top', 'detail'] as const;
export type View = (typeof VIEWS)[number];

// ---------------------------------------------------------------- helpers

/** Mix a hex colour towards black (amt < 0) or white (amt > 0). */
function shade(hex: string, amt: number): string {
  const n = parseInt(hex.slice(1), 16);
  const ch = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((c) => Math.round(amt < 0 ? c * (1 + amt) : c + (255 - c) * amt));
  return '#' + ch.map((c) => c.toString(16).padStart(2, '0')).join('');
}

const r1 = (v: number) => Math.round(v * 10) / 10;

/** Lace bars laid along the throat from a to b (side view). */
function laces(a: [number, number], b: [number, number], n: number, lace: string, eyelet: string, len = 22, w = 9): string {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const L = Math.hypot(dx, dy);
  const nx = dy / L; // normal pointing "up-right" of the throat line
  const ny = -dx / L;
  let bars = '';
  let eyes = '';
  for (let i = 0; i < n; i++) {
    const t = n === 1 ? 0 : i / (n - 1);
    const x = a[0] + dx * t;
    const y = a[1] + dy * t;
    const h = len / 2;
    eyes += `<circle cx="${r1(x - nx * h)}" cy="${r1(y - ny * h)}" r="${r1(w * 0.42)}" fill="${eyelet}"/>`;
    bars += `M${r1(x - nx * h)} ${r1(y - ny * h)}l${r1(nx * len + (dx / L) * 5)} ${r1(ny * len + (dy / L) * 5)}`;
  }
  return `${eyes}<path d="${bars}" stroke="${lace}" stroke-width="${w}" stroke-linecap="round" fill="none"/>`;
}

function dots(points: [number, number][], r: number, fill: string, opacity = 1): string {
  return `<g fill="${fill}"${opacity < 1 ? ` opacity="${opacity}"` : ''}>${points
    .map(([x, y]) => `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r}"/>`)
    .join('')}</g>`;
}

function backdrop(p: Palette): string {
  return `<rect width="800" height="800" fill="${p.bg}"/><circle cx="400" cy="410" r="330" fill="${p.bgDeep}" opacity=".55"/>`;
}

const floorShadow = (cx = 425, cy = 578, rx = 300, ry = 16) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="#000" opacity=".09"/>`;

function doc(p: Palette, body: string, viewBox = '0 0 800 800', title = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="${viewBox}">` +
    (title ? `<title>${title}</title>` : '') +
    backdrop(p) +
    body +
    `</svg>\n`
  );
}

// ---------------------------------------------------------------- side views
// Shoe points right (toe at x≈710), heel at x≈140, ground at y≈576.

function sportsSide(p: Palette): string {
  const upper =
    'M150 486C140 440 144 380 168 340C176 326 196 320 212 330C240 348 266 362 296 356C310 325 326 300 348 292C364 287 378 296 382 310C430 370 510 418 590 440C650 456 694 478 702 512L560 500Z';
  return (
    floorShadow() +
    // outsole + chunky midsole
    `<path d="M156 546L692 538C710 548 704 576 672 577L182 577C158 577 148 562 156 546Z" fill="${p.outsole}"/>` +
    `<g fill="${p.outsole}" opacity=".55">${Array.from({ length: 17 }, (_, i) => `<rect x="${196 + i * 28}" y="570" width="14" height="7" rx="2"/>`).join('')}</g>` +
    `<path d="M146 478L560 496C620 500 672 504 702 510C716 530 704 556 672 560L182 562C150 560 136 530 146 478Z" fill="${p.sole}"/>` +
    `<path d="M146 478L560 496C620 500 672 504 702 510C716 530 704 556 672 560L182 562C150 560 136 530 146 478Z" fill="none" stroke="#000" stroke-opacity=".08" stroke-width="3"/>` +
    `<path d="M150 532C240 540 330 512 440 522C520 529 600 520 690 532" stroke="${p.accent}" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M172 500C200 496 232 500 246 512C236 530 206 536 176 530Z" fill="${p.upper2}" opacity=".85"/>` +
    // upper
    `<path d="${upper}" fill="${p.upper}"/>` +
    `<path d="M150 486C140 440 144 380 168 340C176 326 196 320 212 330C222 340 232 346 242 352C252 400 246 450 272 494Z" fill="${p.upper2}"/>` +
    `<path d="M596 442C652 456 694 478 702 512L592 505C582 482 584 460 596 442Z" fill="${p.upper2}"/>` +
    `<path d="M296 356C310 325 326 300 348 292C364 287 378 296 382 310C370 330 350 345 328 362Z" fill="${p.upper2}"/>` +
    `<path d="M292 478C380 458 452 420 540 432C468 450 400 476 316 498Z" fill="${p.accent}"/>` +
    `<path d="M212 330C240 348 266 362 296 356" stroke="${shade(p.upper, -0.35)}" stroke-width="9" fill="none" stroke-linecap="round"/>` +
    `<path d="M164 352C157 328 166 308 182 306C194 306 200 318 198 336Z" fill="${p.accent}"/>` +
    `<path d="M150 486C140 440 144 380 168 340" stroke="#fff" stroke-opacity=".18" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    laces([394, 330], [556, 428], 6, p.lace, shade(p.upper, -0.4), 24) +
    `<path d="M300 486L560 500" stroke="#000" stroke-opacity=".12" stroke-width="3" stroke-dasharray="6 6"/>`
  );
}

function sneakerSide(p: Palette): string {
  const upper =
    'M150 516C140 470 142 430 160 405C170 390 192 386 210 394C245 410 280 414 312 404C322 382 334 368 350 366C364 364 374 372 376 384C430 425 520 450 600 464C660 474 700 490 708 516Z';
  const perf: [number, number][] = [];
  for (let r = 0; r < 3; r++) for (let c = 0; c < 5; c++) perf.push([612 + c * 16 + r * 6, 482 + r * 11 + c * 2.2]);
  return (
    floorShadow() +
    `<path d="M140 512L702 512C714 514 717 530 715 546C712 566 700 576 680 576L166 576C148 576 138 564 138 544C138 528 138 518 140 512Z" fill="${p.sole}"/>` +
    `<path d="M138 560L716 560C712 570 700 576 680 576L166 576C150 576 140 570 138 560Z" fill="${p.outsole}" opacity=".9"/>` +
    `<path d="M148 534L708 534" stroke="${shade(p.sole, -0.3)}" stroke-width="2.5" stroke-dasharray="7 6"/>` +
    `<path d="M140 512L702 512C714 514 717 530 715 546C712 566 700 576 680 576L166 576C148 576 138 564 138 544C138 528 138 518 140 512Z" fill="none" stroke="#000" stroke-opacity=".08" stroke-width="3"/>` +
    `<path d="${upper}" fill="${p.upper}"/>` +
    `<path d="M588 462C660 474 700 490 708 516L578 516C574 495 577 476 588 462Z" fill="${p.upper2}"/>` +
    dots(perf, 2.6, shade(p.upper2, -0.35)) +
    `<path d="M376 384C430 425 520 450 600 464L594 486C520 474 432 448 368 412Z" fill="${p.upper2}"/>` +
    `<path d="M150 516C140 470 142 430 160 405C170 390 192 386 210 394C206 430 206 478 218 516Z" fill="${p.upper2}"/>` +
    `<path d="M156 516C150 480 150 446 160 420L184 414C180 450 182 486 190 516Z" fill="${p.accent}"/>` +
    `<path d="M262 470C330 446 400 440 470 452L476 474C406 466 338 474 270 494Z" fill="${p.accent}"/>` +
    `<path d="M210 394C245 410 280 414 312 404" stroke="${shade(p.upper, -0.3)}" stroke-width="10" fill="none" stroke-linecap="round"/>` +
    `<path d="M312 404C322 382 334 368 350 366C364 364 374 372 376 384" stroke="${shade(p.upper2, -0.1)}" stroke-width="6" fill="none"/>` +
    laces([392, 402], [548, 458], 5, p.lace, shade(p.upper2, -0.45), 20, 8) +
    `<path d="M226 502L690 506" stroke="#000" stroke-opacity=".1" stroke-width="2.5" stroke-dasharray="6 6"/>`
  );
}

function leatherSide(p: Palette): string {
  const upper =
    'M152 522C140 470 146 420 172 388C182 376 200 374 214 382C250 400 300 410 345 402C360 396 372 392 386 394C440 410 510 445 580 472C646 492 698 500 712 526C718 538 714 548 704 550Z';
  const lace = shade(p.outsole, 0.05);
  const brogue: [number, number][] = [];
  for (let i = 0; i < 9; i++) {
    const t = i / 8;
    brogue.push([604 - 10 * Math.sin(t * Math.PI) + 2 * t, 482 + t * 48]);
  }
  return (
    floorShadow(430, 578, 290, 14) +
    // sole: welt + forefoot + waist + stacked heel
    `<path d="M148 518L702 546C718 548 722 562 710 570C702 575 692 576 672 576L470 576C400 575 320 560 256 550L162 550Z" fill="${p.outsole}"/>` +
    `<path d="M160 534L254 538L250 576L164 576Z" fill="${shade(p.outsole, -0.2)}"/>` +
    `<path d="M162 550L252 552M163 563L251 564" stroke="#fff" stroke-opacity=".12" stroke-width="2"/>` +
    `<path d="M158 526L700 553" stroke="${shade(p.outsole, 0.35)}" stroke-width="2" stroke-dasharray="5 5"/>` +
    // upper
    `<path d="${upper}" fill="${p.upper}"/>` +
    `<path d="M152 522C140 470 146 420 172 388C182 376 200 374 214 382C232 430 232 480 224 524Z" fill="${shade(p.upper, -0.12)}"/>` +
    `<path d="M214 382C250 400 300 410 345 402C360 396 372 392 386 394" stroke="${shade(p.upper, -0.45)}" stroke-width="6" fill="none" stroke-linecap="round"/>` +
    `<path d="M388 398C368 440 380 494 426 534" stroke="${shade(p.upper, -0.3)}" stroke-width="3" fill="none"/>` +
    `<path d="M382 400C362 440 372 494 416 533" stroke="${shade(p.upper, -0.3)}" stroke-width="1.5" stroke-dasharray="4 4" fill="none"/>` +
    `<path d="M612 480C594 498 596 522 606 540" stroke="${shade(p.upper, -0.3)}" stroke-width="3" fill="none"/>` +
    dots(brogue, 2.2, shade(p.upper, -0.35)) +
    laces([398, 406], [472, 438], 4, lace, shade(p.upper, -0.5), 14, 6) +
    // gloss
    `<ellipse cx="648" cy="504" rx="40" ry="7" transform="rotate(14 648 504)" fill="#fff" opacity=".38"/>` +
    `<path d="M164 470C160 440 166 414 182 398" stroke="#fff" stroke-opacity=".32" stroke-width="7" fill="none" stroke-linecap="round"/>` +
    `<path d="M470 450C520 470 560 482 600 490" stroke="#fff" stroke-opacity=".22" stroke-width="5" fill="none" stroke-linecap="round"/>`
  );
}

function slipperSide(p: Palette): string {
  const upper = 'M340 512C340 470 365 430 420 410C490 386 590 396 645 430C692 460 716 492 714 516Z';
  const trim = shade(p.sole, -0.02);
  return (
    floorShadow() +
    `<path d="M140 540C140 515 158 508 190 508L650 508C690 508 714 522 714 545C714 565 698 576 672 576L172 576C152 576 140 562 140 540Z" fill="${p.sole}"/>` +
    `<path d="M140 556L714 556C712 568 698 576 672 576L172 576C152 576 142 568 140 556Z" fill="${p.outsole}"/>` +
    `<path d="M146 510C150 498 166 494 190 496C260 502 320 504 360 506L360 514L146 514Z" fill="${p.upper2}"/>` +
    `<path d="M160 532L700 532" stroke="${shade(p.sole, -0.25)}" stroke-width="2.5" stroke-dasharray="8 6"/>` +
    `<clipPath id="u"><path d="${upper}"/></clipPath>` +
    `<path d="${upper}" fill="${p.upper}"/>` +
    `<g clip-path="url(#u)" stroke="${shade(p.upper, -0.22)}" stroke-width="2.5" stroke-dasharray="6 5" fill="none">` +
    Array.from({ length: 9 }, (_, i) => `<path d="M${340 + i * 48} 380l-90 160M${300 + i * 48} 380l90 160"/>`).join('') +
    `</g>` +
    `<path d="M348 512C348 474 372 438 424 419C492 396 588 404 640 437" stroke="${trim}" stroke-width="18" fill="none" stroke-linecap="round"/>` +
    `<path d="M348 512C348 474 372 438 424 419C492 396 588 404 640 437" stroke="${shade(trim, -0.08)}" stroke-width="18" stroke-dasharray="1 13" fill="none" stroke-linecap="round"/>` +
    `<rect x="600" y="470" width="44" height="16" rx="3" fill="${p.accent}" transform="rotate(22 622 478)"/>`
  );
}

function sandalSide(p: Palette): string {
  const strap = `stroke="${p.upper}" fill="none"`;
  return (
    floorShadow() +
    // straps (drawn first so the footbed hides their ends)
    `<path d="M516 530C520 462 636 452 664 532" ${strap} stroke-width="34"/>` +
    `<path d="M318 528C320 436 386 400 440 402C486 405 504 456 506 528" ${strap} stroke-width="34"/>` +
    `<path d="M186 514C166 462 178 412 216 388C262 364 334 374 370 414" ${strap} stroke-width="26"/>` +
    `<path d="M516 530C520 462 636 452 664 532M318 528C320 436 386 400 440 402C486 405 504 456 506 528M186 514C166 462 178 412 216 388C262 364 334 374 370 414" stroke="${shade(p.upper, -0.3)}" stroke-width="2" stroke-dasharray="5 5" fill="none" opacity=".7"/>` +
    `<rect x="236" y="364" width="30" height="24" rx="4" fill="none" stroke="${p.accent}" stroke-width="6" transform="rotate(-12 251 376)"/>` +
    `<path d="M251 366L251 388" stroke="${p.accent}" stroke-width="4" transform="rotate(-12 251 376)"/>` +
    // footbed + outsole
    `<path d="M142 548C140 532 150 526 172 526L660 530C696 531 714 540 714 552C714 566 700 576 676 576L168 576C150 576 142 564 142 548Z" fill="${p.outsole}"/>` +
    `<g fill="#000" opacity=".18">${Array.from({ length: 16 }, (_, i) => `<rect x="${190 + i * 30}" y="570" width="14" height="6" rx="2"/>`).join('')}</g>` +
    `<path d="M142 546C138 520 154 506 186 506C262 508 330 522 420 526L656 526C692 526 712 534 712 546Z" fill="${p.sole}"/>` +
    `<path d="M150 540L706 540" stroke="${shade(p.sole, -0.25)}" stroke-width="2" stroke-dasharray="6 5"/>`
  );
}

// ---------------------------------------------------------------- top views
// Left shoe seen from above, toe pointing right, medial side on top.

const FOOT =
  'M140 400C140 350 170 330 215 330C290 330 330 345 400 330C480 312 560 300 620 305C680 312 712 350 712 398C712 446 680 486 620 493C540 500 470 492 400 476C330 462 290 470 215 470C170 470 140 450 140 400Z';
const SLIM =
  'M150 400C150 358 176 342 218 342C290 342 330 354 400 343C480 330 560 322 640 336C690 346 722 372 724 400C722 428 690 454 640 464C560 478 470 466 400 457C330 448 290 458 218 458C176 458 150 442 150 400Z';

const scaleAbout = (sx: number, sy: number, cx = 428, cy = 400) => `translate(${cx} ${cy}) scale(${sx} ${sy}) translate(${-cx} ${-cy})`;

const topShadow = (d: string) => `<path d="${d}" transform="translate(10 16)" fill="#000" opacity=".08"/>`;

function laceBarsTop(x0: number, x1: number, n: number, y0: number, y1: number, lace: string, w = 8): string {
  let d = '';
  for (let i = 0; i < n; i++) {
    const x = x0 + ((x1 - x0) * i) / (n - 1);
    d += `M${r1(x)} ${y0}L${r1(x + 6)} ${y1}`;
  }
  return `<path d="${d}" stroke="${lace}" stroke-width="${w}" stroke-linecap="round"/>`;
}

function sportsTop(p: Palette): string {
  return (
    topShadow(FOOT) +
    `<path d="${FOOT}" fill="${p.outsole}" transform="${scaleAbout(1.035, 1.06)}"/>` +
    `<path d="${FOOT}" fill="${p.sole}" transform="${scaleAbout(1.01, 1.03)}"/>` +
    `<path d="${FOOT}" fill="${p.upper}" transform="${scaleAbout(0.95, 0.88)}"/>` +
    `<path d="M600 330C660 334 694 366 694 398C694 432 660 464 600 468C616 436 616 364 600 330Z" fill="${p.upper2}"/>` +
    `<ellipse cx="262" cy="398" rx="92" ry="46" fill="${shade(p.upper, -0.45)}"/>` +
    `<ellipse cx="262" cy="398" rx="92" ry="46" fill="none" stroke="${p.upper2}" stroke-width="10"/>` +
    `<rect x="330" y="368" width="190" height="62" rx="30" fill="${p.upper2}"/>` +
    laceBarsTop(350, 494, 6, 362, 436, p.lace) +
    `<rect x="146" y="386" width="26" height="26" rx="6" fill="${p.accent}"/>` +
    `<path d="M440 350C486 340 530 334 570 334" stroke="${p.accent}" stroke-width="8" stroke-linecap="round" fill="none"/>`
  );
}

function sneakerTop(p: Palette): string {
  const perf: [number, number][] = [];
  for (let r = 0; r < 5; r++) for (let c = 0; c < 3; c++) perf.push([618 + c * 18, 368 + r * 16]);
  return (
    topShadow(FOOT) +
    `<path d="${FOOT}" fill="${p.sole}" transform="${scaleAbout(1.02, 1.04)}"/>` +
    `<path d="${FOOT}" fill="none" stroke="${shade(p.sole, -0.2)}" stroke-width="3" transform="${scaleAbout(1.02, 1.04)}"/>` +
    `<path d="${FOOT}" fill="${p.upper}" transform="${scaleAbout(0.97, 0.93)}"/>` +
    `<path d="M590 318C662 322 700 360 700 398C700 438 662 476 590 480C608 440 608 360 590 318Z" fill="${p.upper2}"/>` +
    dots(perf, 3, shade(p.upper2, -0.35)) +
    `<ellipse cx="268" cy="400" rx="96" ry="50" fill="${shade(p.upper, -0.4)}"/>` +
    `<ellipse cx="268" cy="400" rx="96" ry="50" fill="none" stroke="${p.upper2}" stroke-width="9"/>` +
    `<rect x="338" y="364" width="200" height="72" rx="22" fill="${p.upper2}"/>` +
    laceBarsTop(360, 510, 5, 358, 442, p.lace) +
    `<path d="M150 380C146 392 146 408 150 420" stroke="${p.accent}" stroke-width="14" stroke-linecap="round" fill="none"/>`
  );
}

function leatherTop(p: Palette): string {
  return (
    topShadow(SLIM) +
    `<path d="${SLIM}" fill="${p.outsole}" transform="${scaleAbout(1.02, 1.05)}"/>` +
    `<path d="${SLIM}" fill="${p.upper}" transform="${scaleAbout(0.985, 0.95)}"/>` +
    `<path d="M612 340C596 370 596 430 612 460" stroke="${shade(p.upper, -0.3)}" stroke-width="3" fill="none"/>` +
    `<ellipse cx="262" cy="400" rx="80" ry="40" fill="${shade(p.upper, -0.5)}"/>` +
    `<path d="M342 372C380 366 430 366 470 378L470 422C430 434 380 434 342 428Z" fill="${shade(p.upper, -0.1)}"/>` +
    laceBarsTop(360, 448, 4, 378, 422, shade(p.outsole, 0.05), 6) +
    `<ellipse cx="655" cy="372" rx="42" ry="9" transform="rotate(8 655 372)" fill="#fff" opacity=".35"/>` +
    `<path d="M500 352C540 346 580 346 610 350" stroke="#fff" stroke-opacity=".22" stroke-width="6" stroke-linecap="round" fill="none"/>`
  );
}

function slipperTop(p: Palette): string {
  const trim = shade(p.sole, -0.02);
  return (
    topShadow(FOOT) +
    `<path d="${FOOT}" fill="${p.outsole}" transform="${scaleAbout(1.03, 1.05)}"/>` +
    `<path d="${FOOT}" fill="${p.sole}" transform="${scaleAbout(1.005, 1.01)}"/>` +
    `<path d="${FOOT}" fill="${p.upper2}" transform="${scaleAbout(0.93, 0.86)}"/>` +
    `<ellipse cx="240" cy="400" rx="60" ry="38" fill="#000" opacity=".06"/>` +
    `<clipPath id="t"><path d="${FOOT}" transform="${scaleAbout(1.005, 1.01)}"/></clipPath>` +
    `<g clip-path="url(#t)"><path d="M360 280C440 340 440 460 360 520L760 520L760 280Z" fill="${p.upper}"/>` +
    `<path d="M360 280C440 340 440 460 360 520" stroke="${trim}" stroke-width="20" fill="none"/>` +
    `<path d="M360 280C440 340 440 460 360 520" stroke="${shade(trim, -0.08)}" stroke-width="20" stroke-dasharray="1 13" stroke-linecap="round" fill="none"/></g>` +
    `<rect x="660" y="388" width="34" height="24" rx="4" fill="${p.accent}"/>`
  );
}

function sandalTop(p: Palette): string {
  const band = (d: string, w: number) =>
    `<path d="${d}" stroke="${p.upper}" stroke-width="${w}" fill="none"/>` +
    `<path d="${d}" stroke="${shade(p.upper, -0.3)}" stroke-width="2" stroke-dasharray="5 5" fill="none" opacity=".6"/>`;
  return (
    topShadow(FOOT) +
    `<path d="${FOOT}" fill="${p.outsole}" transform="${scaleAbout(1.03, 1.05)}"/>` +
    `<path d="${FOOT}" fill="${p.sole}"/>` +
    `<path d="${FOOT}" fill="none" stroke="${shade(p.sole, -0.2)}" stroke-width="3" stroke-dasharray="6 5" transform="${scaleAbout(0.95, 0.9)}"/>` +
    `<ellipse cx="240" cy="400" rx="62" ry="40" fill="#000" opacity=".05"/>` +
    band('M600 290C586 360 586 440 606 510', 34) +
    band('M448 300C420 360 420 440 448 500', 40) +
    band('M232 318C300 330 340 360 350 400C340 440 300 470 232 482', 26) +
    `<rect x="330" y="386" width="34" height="28" rx="5" fill="none" stroke="${p.accent}" stroke-width="6"/>`
  );
}

// ---------------------------------------------------------------- registry

const DRAW: Record<TypeSlug, { side: (p: Palette) => string; top: (p: Palette) => string; detail: string }> = {
  'sports-shoes': { side: sportsSide, top: sportsTop, detail: '300 230 440 440' },
  sneakers: { side: sneakerSide, top: sneakerTop, detail: '400 320 340 340' },
  'leather-shoes': { side: leatherSide, top: leatherTop, detail: '440 340 300 300' },
  slippers: { side: slipperSide, top: slipperTop, detail: '320 320 410 410' },
  sandals: { side: sandalSide, top: sandalTop, detail: '140 320 420 420' },
};

export function renderSvg(type: TypeSlug, colourway: string, view: View): string {
  const p = COLOURWAYS[colourway];
  if (!p) throw new Error(`unknown colourway ${colourway}`);
  const d = DRAW[type];
  const title = `${SHOE_TYPES[type]} – ${colourway} – ${view}`;
  if (view === 'top') return doc(p, `<g transform="${scaleAbout(1.12, 1.12, 428, 400)}">${d.top(p)}</g>`, '0 0 800 800', title);
  if (view === 'detail') return doc(p, d.side(p), d.detail, title);
  return doc(p, `<g transform="${scaleAbout(1.1, 1.1, 428, 470)}">${d.side(p)}</g>`, '0 0 800 800', title);
}

export const imageFileName = (type: TypeSlug, colourway: string, view: View) => `${type}-${colourway}-${view}.svg`;

function main(): void {
  const here = dirname(fileURLToPath(import.meta.url));
  const outDir = resolve(here, '..', 'api', 'public', 'images');
  mkdirSync(outDir, { recursive: true });
  let count = 0;
  let bytes = 0;
  for (const type of Object.keys(DRAW) as TypeSlug[]) {
    for (const colourway of Object.keys(COLOURWAYS)) {
      for (const view of VIEWS) {
        const svg = renderSvg(type, colourway, view);
        writeFileSync(join(outDir, imageFileName(type, colourway, view)), svg);
        count++;
        bytes += Buffer.byteLength(svg);
      }
    }
  }
  console.log(`wrote ${count} SVG files (${(bytes / 1024).toFixed(0)} KB total) to ${outDir}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
