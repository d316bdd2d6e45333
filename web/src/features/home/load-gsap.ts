// GSAP is fetched after the home page's first paint, as its own chunk (never in the entry chunk, and not on
// the path to the hero's first frame). The hero swap and the About pin share this one load; ScrollTrigger,
// which only the About pin on wide screens uses, is fetched only when the pin is set up.
export type Gsap = typeof import('gsap').gsap;

let loading: Promise<Gsap> | undefined;
let loadingScrollTrigger: Promise<Gsap> | undefined;

export function loadGsap(): Promise<Gsap> {
  loading ??= import('gsap').then(({ gsap }) => gsap);
  return loading;
}

/** GSAP with ScrollTrigger registered. */
export function loadGsapWithScrollTrigger(): Promise<Gsap> {
  loadingScrollTrigger ??= Promise.all([loadGsap(), import('gsap/ScrollTrigger')]).then(
    ([gsap, { ScrollTrigger }]) => {
      gsap.registerPlugin(ScrollTrigger);
      return gsap;
    },
  );
  return loadingScrollTrigger;
}
