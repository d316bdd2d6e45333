// Taps before the app's code has arrived, seconds later on a slow phone (docs/decisions/015): these listeners
// (boot.ts) keep what the shopper does and show it was taken; the hydrated page then acts on it.

/** What the shopper did before the app took over; the page that owns the controls acts on it once. */
export interface EarlyTaps {
  /** The size last tapped. */
  size?: string;
  /** ADD TO CART was tapped (after `size`, or with no size: the page then says to select one). */
  add?: boolean;
  filtersOpen?: boolean;
  menuOpen?: boolean;
  /** The product gallery's image last tapped (its index). */
  image?: number;
}

/** The attribute naming a control the listeners handle, and its values. */
export const EARLY = 'data-early';
export type EarlyControl = 'size' | 'add' | 'filters' | 'menu' | 'form' | 'image';
/** On <html> once taps are kept. */
const KEEPING = 'data-early-taps';

let kept: EarlyTaps = {};
let listening = false;

function controlOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(`[${EARLY}]`) : null;
}

/** Flips a disclosure button's aria-expanded; the answer is whether it is now open. */
function toggleExpanded(control: HTMLElement): boolean {
  const open = control.getAttribute('aria-expanded') !== 'true';
  control.setAttribute('aria-expanded', String(open));
  return open;
}

/** Marks `control` pressed and the other controls of its kind within `group` not. */
function pressOnly(control: HTMLElement, group: Element | null): void {
  const kind = control.getAttribute(EARLY) ?? '';
  for (const other of group?.querySelectorAll(`[${EARLY}="${kind}"]`) ?? [])
    other.setAttribute('aria-pressed', 'false');
  control.setAttribute('aria-pressed', 'true');
}

/** The main images' served `style` (image 0's placeholder), put back when image 0 is tapped again. */
const servedStyles = new WeakMap<HTMLImageElement, string>();

/** Shows a thumbnail's image as the gallery's main one, as the app would; only image 0 has a placeholder. */
function showImage(thumb: HTMLElement): void {
  const gallery = thumb.closest('[data-gallery]');
  pressOnly(thumb, gallery);
  const main = gallery?.querySelector<HTMLImageElement>('[data-gallery-main] img');
  // Each thumbnail carries the main image's URLs for its picture (data-main-src, data-main-srcset).
  const { mainSrc, mainSrcset } = thumb.dataset;
  if (!main || mainSrc === undefined) return;
  if (!servedStyles.has(main)) servedStyles.set(main, main.getAttribute('style') ?? '');
  const style = thumb.dataset.index === '0' ? (servedStyles.get(main) ?? '') : '';
  if (style === '') main.removeAttribute('style');
  else main.setAttribute('style', style);
  if (mainSrcset === undefined) main.removeAttribute('srcset');
  else main.setAttribute('srcset', mainSrcset);
  main.setAttribute('src', mainSrc);
}

/** Opens or closes the phone's filter panel in place, as the app's sheet would be. */
function toggleFilters(control: HTMLElement): void {
  const open = toggleExpanded(control);
  document
    .getElementById(control.getAttribute('aria-controls') ?? '')
    ?.setAttribute('data-open', String(open));
  kept = { ...kept, filtersOpen: open };
}

function onClick(event: MouseEvent): void {
  const control = controlOf(event.target);
  // Kept here only: React (listening below, on the root) must not act on it a second time.
  if (control?.tagName === 'BUTTON') event.stopPropagation();
  switch (control?.getAttribute(EARLY)) {
    case 'size': {
      pressOnly(control, control.parentElement);
      kept = { ...kept, size: control.dataset.size ?? control.textContent.trim() };
      break;
    }
    case 'add':
      control.setAttribute('aria-busy', 'true');
      kept = { ...kept, add: true };
      break;
    case 'filters':
      toggleFilters(control);
      break;
    case 'image':
      showImage(control);
      kept = { ...kept, image: Number(control.dataset.index) };
      break;
    case 'menu': {
      const open = toggleExpanded(control);
      document.getElementById(control.getAttribute('aria-controls') ?? '')?.toggleAttribute('hidden', !open);
      kept = { ...kept, menuOpen: open };
      break;
    }
    default:
  }
}

function changedFromServed(control: Element): boolean {
  if (control instanceof HTMLInputElement && control.type === 'checkbox')
    return control.checked !== control.defaultChecked;
  if (control instanceof HTMLSelectElement) {
    // Without a `selected` option in the HTML, the first one is what was served.
    const served = [...control.options].find((option) => option.defaultSelected) ?? control.options[0];
    return served !== undefined && control.value !== served.value;
  }
  return false;
}

/** The fragment of a page loaded by an early form while the phone's filters were open: they open again. */
const FILTERS_OPEN = '#filters';

/** An empty search or the first (default) sort: left out of an early form's URL, as the app leaves them out. */
function leftAsDefault(control: Element): control is HTMLInputElement | HTMLSelectElement {
  if (control instanceof HTMLSelectElement) return control.selectedIndex === 0;
  return control instanceof HTMLInputElement && control.type !== 'checkbox' && control.value === '';
}

/**
 * Loads the page for the form's new view. The shopper who ticked a box in the open panel finds it open there,
 * to tick the next (the form's entries and URL are taken as `requestSubmit` runs, so the changes are undone).
 */
function submitEarly(form: HTMLFormElement): void {
  const defaults = [...form.elements].filter(leftAsDefault).filter((control) => !control.disabled);
  const action = form.getAttribute('action') ?? '';
  for (const control of defaults) control.disabled = true;
  if (kept.filtersOpen === true) form.setAttribute('action', `${action}${FILTERS_OPEN}`);
  form.requestSubmit();
  for (const control of defaults) control.disabled = false;
  form.setAttribute('action', action);
}

function onChange(event: Event): void {
  const target = event.target;
  const form = target instanceof HTMLInputElement || target instanceof HTMLSelectElement ? target.form : null;
  if (form?.getAttribute(EARLY) === 'form') submitEarly(form);
}

/** On a page an early form loaded with the filters open, opens them again and takes the fragment away. */
function reopenFilters(): void {
  if (window.location.hash !== FILTERS_OPEN) return;
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
  const control = document.querySelector<HTMLElement>(`[${EARLY}="filters"]`);
  if (control?.getAttribute('aria-expanded') === 'false') toggleFilters(control);
}

/**
 * Called by boot.ts once the document is parsed. Until then the tap-keeping controls take no pointer events
 * (global.css), so no tap is lost unseen; an early form changed before this moment is submitted now.
 */
export function keepEarlyTaps(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', onClick, true);
  document.addEventListener('change', onChange, true);
  document.documentElement.setAttribute(KEEPING, '');
  reopenFilters();
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${EARLY}="form"]`)) {
    if ([...form.elements].some(changedFromServed)) submitEarly(form);
  }
  // For bench:interactive: from here on a tap on the first controls is kept.
  performance.mark('taps-kept');
}

/** Called by the app shell once the page has hydrated and taken what was kept: React has every tap. */
export function handOverEarlyTaps(): void {
  if (!listening) return;
  listening = false;
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('change', onChange, true);
}

/**
 * What was kept, without taking it: a page's first state when it hydrates, which the kept taps already drew
 * (a chosen size, the open panel), so the hydrated markup matches the page as the shopper left it.
 */
export function earlyTaps(): Readonly<EarlyTaps> {
  return kept;
}

/** What was kept, once: the owning page acts on it after hydrating; the busy marks are cleared. */
export function takeEarlyTaps(): EarlyTaps {
  const taken = kept;
  kept = {};
  for (const busy of document.querySelectorAll(`[${EARLY}][aria-busy]`)) busy.removeAttribute('aria-busy');
  return taken;
}
