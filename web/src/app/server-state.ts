import type { NormalizedCacheObject } from '@apollo/client';

// The Apollo cache a page was rendered from travels in the HTML as JSON (a data block, not a script: the CSP
// runs no inline code), so the browser's first render reads the same data and hydrates the same markup.
const ELEMENT_ID = 'server-state';

/** The element that carries `state`; `<` is escaped so no product text can close the element early. */
export function serializeServerState(state: NormalizedCacheObject): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${ELEMENT_ID}">${json}</script>`;
}

/** The state the served page carries, if any; content that is not a JSON object is ignored with a warning. */
export function readServerState(doc: Document): NormalizedCacheObject | undefined {
  const text = doc.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state: unknown = JSON.parse(text);
    if (typeof state === 'object' && state !== null && !Array.isArray(state)) return state as NormalizedCacheObject;
  } catch {
    // Falls through to the warning.
  }
  console.warn('Ignoring the page’s server state: it is not a JSON object.');
  return undefined;
}
