import * as z from 'zod/mini';
import { onFirstUse } from '#domain/on-first-use';
import type { ServerResult } from './server-results-client';

// The query results a page was rendered from travel in the HTML as JSON (a data block, not a script: the CSP
// runs no inline code), so the browser's first render hydrates the same markup.
const ELEMENT_ID = 'server-state';

const serverResults = onFirstUse(() =>
  z.array(
    z.object({
      operationName: z.string(),
      variables: z.record(z.string(), z.unknown()),
      data: z.record(z.string(), z.unknown()),
    }),
  ),
);

/** The element that carries `results`; `<` is escaped so no product text can close the element early. */
export function serializeServerState(results: readonly ServerResult[]): string {
  const json = JSON.stringify(results).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${ELEMENT_ID}">${json}</script>`;
}

/** The results the served page carries, if any; content of another shape is ignored with a warning. */
export function readServerState(doc: Document): ServerResult[] | undefined {
  const text = doc.getElementById(ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = serverResults().safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    // Falls through to the warning.
  }
  console.warn('Ignoring the page’s server state: it is not a list of query results.');
  return undefined;
}
