// A one-line text a shopper types: no control characters (ESC or CR rewrites the terminal the back office reads orders
// in), no text direction controls (a name could show as something else), and something visible once invisible
// characters are set aside.
import * as z from 'zod/mini';

/** C0 and C1 controls (Unicode Cc): NUL, BEL, ESC, CR, tab, newline, DEL… */
const CONTROL = /\p{Cc}/u;
/** Embeddings, overrides (U+202A–U+202E) and isolates (U+2066–U+2069). */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069]/u;
/** Shows nothing: white space, format characters (zero-width, BOM, soft hyphen…), CGJ, Hangul fillers, blank braille. */
const INVISIBLE = /[\s\p{Cf}\u034F\u115F\u1160\u3164\uFFA0\u2800]/gu;

/** A trimmed one-line text of at most `max` characters; each refusal names the field (`label`). */
export function oneLineText(label: string, max: number) {
  return z.string({ error: `${label} is required` }).check(
    z.trim(),
    z.refine((value) => !CONTROL.test(value), `${label} cannot contain control characters`),
    z.refine((value) => !DIRECTION_CONTROL.test(value), `${label} cannot contain text direction controls`),
    z.refine((value) => value.replace(INVISIBLE, '') !== '', `${label} is required`),
    z.maxLength(max, `${label} is too long`),
  );
}
