// GSAP is fetched after the home page's first paint, as its own chunk (never in the entry chunk, and not on
// the path to the hero's first frame). Both the hero swap and the About pin share this one load.
export type Gsap = typeof import('gsap').gsap;

let loading: Promise<Gsap> | undefined;

export function loadGsap(): Promise<Gsap> {
  loading ??= Promise.all([import('gsap'), import('gsap/ScrollTrigger')]).then(([{ gsap }, { ScrollTrigger }]) => {
    gsap.registerPlugin(ScrollTrigger);
    return gsap;
  });
  return loading;
}
