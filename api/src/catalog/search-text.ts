// How search text becomes words: the same folding the search indexes apply (case and accents ignored, anything
// but letters and digits separates words), and the spellings one edit away from a word for typo tolerance.

/** Words of at least this many letters also match indexed words one edit away ("snekers" finds "sneakers"). */
export const FUZZY_MIN_LENGTH = 5;
/** The last word matches as a prefix (search as you type) once it has this many letters. */
export const PREFIX_MIN_LENGTH = 2;
/** Words past this many are ignored: a shopper's query is a few words, and each costs index lookups. */
export const MAX_SEARCH_WORDS = 8;

export interface SearchWord {
  text: string;
  /** The last word, matched as a prefix too. */
  prefix: boolean;
}

/** Lower case without diacritics: "Café" → "cafe". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The words of a search, folded and deduplicated; the last word typed is the prefix. */
export function searchWords(text: string): SearchWord[] {
  const words = foldText(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  const unique = [...new Set(words)].slice(0, MAX_SEARCH_WORDS);
  const last = words.at(-1);
  return unique.map((word) => ({
    text: word,
    prefix: word === last && Array.from(word).length >= PREFIX_MIN_LENGTH,
  }));
}

const ALPHABET = Array.from('abcdefghijklmnopqrstuvwxyz0123456789');

/**
 * Every spelling one insertion, deletion, substitution or transposition away from the word (for words of
 * FUZZY_MIN_LENGTH letters or more; none for shorter ones). Inserted and substituted letters come from a–z, 0–9
 * and the word's own letters, so a typo that brings in a letter from outside those is not forgiven.
 */
export function oneEditVariants(word: string): string[] {
  const letters = Array.from(word);
  if (letters.length < FUZZY_MIN_LENGTH) return [];
  const alphabet = [...new Set([...ALPHABET, ...letters])];
  const out = new Set<string>();
  const join = (parts: string[]) => parts.join('');
  for (let i = 0; i <= letters.length; i += 1) {
    for (const c of alphabet) out.add(join([...letters.slice(0, i), c, ...letters.slice(i)]));
    if (i < letters.length) {
      out.add(join([...letters.slice(0, i), ...letters.slice(i + 1)]));
      for (const c of alphabet) out.add(join([...letters.slice(0, i), c, ...letters.slice(i + 1)]));
    }
    if (i < letters.length - 1) {
      out.add(join([...letters.slice(0, i), letters[i + 1]!, letters[i]!, ...letters.slice(i + 2)]));
    }
  }
  out.delete(word);
  return [...out];
}
