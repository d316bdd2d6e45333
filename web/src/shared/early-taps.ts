// Taps before the app's code has arrived (docs/decisions/015). A served page shows its controls from the first
// paint, but React takes them over only once its code has loaded, seconds later on a slow phone. Until then these
// listeners, installed by boot.ts (a few hundred bytes, loaded with the page), keep what the shopper does and show
// that it was taken: a size is marked chosen, ADD TO CART shows it is busy, the phone's menu and FILTERS panel
// open, and a filter or sort change submits the collection's form (a plain GET the BFF renders). Once the page is hydrated,
// it acts on what was kept and the app shell hands over; until then a kept tap goes no further than here.

/** What the shopper did before the app took over; the page that owns the controls acts on it once. */
export interface EarlyTaps {
  /** The size last tapped. */
  size?: string;
  /** ADD TO CART was tapped (after `size`, or with no size: the page then says to select one). */
  add?: boolean;
  /** The phone's FILTERS panel was opened. */
  filtersOpen?: boolean;
  /** The phone's menu was opened. */
  menuOpen?: boolean;
}

/** The attribute naming a control the listeners handle, and its values. */
export const EARLY = 'data-early';
export type EarlyControl = 'size' | 'add' | 'filters' | 'menu' | 'form';
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

function onClick(event: MouseEvent): void {
  const control = controlOf(event.target);
  // Kept here only: React (listening below, on the root) must not act on it a second time.
  if (control?.tagName === 'BUTTON') event.stopPropagation();
  switch (control?.getAttribute(EARLY)) {
    case 'size': {
      for (const other of control.parentElement?.querySelectorAll(`[${EARLY}="size"]`) ?? [])
        other.setAttribute('aria-pressed', 'false');
      control.setAttribute('aria-pressed', 'true');
      kept = { ...kept, size: control.dataset.size ?? control.textContent.trim() };
      break;
    }
    case 'add':
      control.setAttribute('aria-busy', 'true');
      kept = { ...kept, add: true };
      break;
    case 'filters': {
      const open = toggleExpanded(control);
      document
        .getElementById(control.getAttribute('aria-controls') ?? '')
        ?.setAttribute('data-open', String(open));
      kept = { ...kept, filtersOpen: open };
      break;
    }
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

function onChange(event: Event): void {
  const target = event.target;
  const form = target instanceof HTMLInputElement || target instanceof HTMLSelectElement ? target.form : null;
  if (form?.getAttribute(EARLY) === 'form') form.requestSubmit();
}

/**
 * Called by boot.ts as soon as it runs (a module script: the document is parsed). Until then the tap-keeping
 * controls take no pointer events (global.css, keyed on the attribute set here), so no tap is lost unseen. The
 * early form's own controls work without JavaScript: one changed before this moment is submitted now.
 */
export function keepEarlyTaps(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', onClick, true);
  document.addEventListener('change', onChange, true);
  document.documentElement.setAttribute(KEEPING, '');
  for (const form of document.querySelectorAll<HTMLFormElement>(`form[${EARLY}="form"]`)) {
    if ([...form.elements].some(changedFromServed)) form.requestSubmit();
  }
  // For bench:interactive: from here on a tap on the first controls is kept.
  performance.mark('taps-kept');
}

/** Called by the app shell once the page is hydrated (and has taken what was kept): from then on React has every tap. */
export function handOverEarlyTaps(): void {
  if (!listening) return;
  listening = false;
  document.removeEventListener('click', onClick, true);
  document.removeEventListener('change', onChange, true);
}

/**
 * What was kept, without taking it: a page's first state when it hydrates, which the kept taps already drew (a
 * chosen size, the open panel), so the hydrated markup matches the page as the shopper left it.
 */
export function earlyTaps(): Readonly<EarlyTaps> {
  return kept;
}

/** What was kept, once: the page that owns the controls acts on it after hydrating, and clears the busy marks. */
export function takeEarlyTaps(): EarlyTaps {
  const taken = kept;
  kept = {};
  for (const busy of document.querySelectorAll(`[${EARLY}][aria-busy]`)) busy.removeAttribute('aria-busy');
  return taken;
}
