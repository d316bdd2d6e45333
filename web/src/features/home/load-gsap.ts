import { onFirstUse } from '#domain/on-first-use';

// GSAP is fetched after the home page's first paint, as its own chunk (never in the entry chunk, and not on
// the path to the hero's first frame). The hero swap and the About picture share this one load.
export type Gsap = typeof import('gsap').gsap;

export const loadGsap: () => Promise<Gsap> = onFirstUse(() => import('gsap').then(({ gsap }) => gsap));
