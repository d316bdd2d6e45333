// Taps before the app's code has arrived (docs/decisions/015). A served page shows its controls from the first
// paint, but React takes them over only once its code has loaded, seconds later on a slow phone. Until then these
// listeners, installed by boot.ts (a few hundred bytes, loaded with the page), keep what the shopper does and show
// that it was taken: a size is marked chosen, ADD TO CART shows it is busy, the phone's FILTERS panel opens, and
// a filter or sort change submits the collection's form (a plain GET the BFF renders). When React hydrates, main.tsx
// hands over (React's own listeners replay anything tapped from then on) and the page acts on what was kept.

/** What the shopper did before the app took over; the page that owns the controls acts on it once. */
export interface EarlyTaps {
  /** The size last tapped. */
  size?: string;
  /** ADD TO CART was tapped (after `size`, or with no size: the page then says to select one). */
  add?: boolean;
  /** The phone's FILTERS panel was opened. */
  filtersOpen?: boolean;
}

/** The attribute naming a control the listeners handle, and its values. */
export const EARLY = 'data-early';
export type EarlyControl = 'size' | 'add' | 'filters' | 'form';

let kept: EarlyTaps = {};
let listening = false;

function controlOf(target: EventTarget | null): HTMLElement | null {
  return target instanceof Element ? target.closest<HTMLElement>(`[${EARLY}]`) : null;
}

function onClick(event: MouseEvent): void {
  const control = controlOf(event.target);
  switch (control?.getAttribute(EARLY)) {
    case 'size': {
      for (const other of control.parentElement?.querySelectorAll(`[${EARLY}="size"]`) ?? []) other.setAttribute('aria-pressed', 'false');
      control.setAttribute('aria-pressed', 'true');
      kept = { ...kept, size: control.dataset.size ?? control.textContent.trim() };
      break;
    }
    case 'add':
      control.setAttribute('aria-busy', 'true');
      kept = { ...kept, add: true };
      break;
    case 'filters': {
      const open = control.getAttribute('aria-expanded') !== 'true';
      control.setAttribute('aria-expanded', String(open));
      const panel = document.getElementById(control.getAttribute('aria-controls') ?? '');
      panel?.setAttribute('data-open', String(open));
      kept = { ...kept, filtersOpen: open };
      break;
    }
    default:
  }
}

function onChange(event: Event): void {
  const target = event.target;
  const form = target instanceof HTMLInputElement || target instanceof HTMLSelectElement ? target.form : null;
  if (form?.getAttribute(EARLY) === 'form') form.requestSubmit();
}

/** Called by boot.ts as soon as it runs. */
export function keepEarlyTaps(): void {
  if (listening) return;
  listening = true;
  document.addEventListener('click', onClick, true);
  document.addEventListener('change', onChange, true);
  // For bench:interactive: from here on a tap on the first controls is kept.
  performance.mark('taps-kept');
}

/** Called by main.tsx just before React hydrates: from then on React's listeners see every tap. */
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
