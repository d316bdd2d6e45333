// Search text to words, folded as the search indexes fold (case and accents ignored, anything but letters and digits
// separates words), and the one-edit spellings that forgive typos.

/** Words of at least this many letters also match indexed words one edit away ("snekers" finds "sneakers"). */
export const FUZZY_MIN_LENGTH = 5;
/**
 * The typo budget: a word with more one-edit spellings than this is matched as typed. It covers any a–z0–9 word of up
 * to 20 letters (a shoe's longest words have about 12); letters from elsewhere widen the alphabet, so run out sooner.
 */
export const FUZZY_MAX_SPELLINGS_PER_WORD = 1600;
/** …and per search, words served in order: five ordinary words ("comfortable waterproof hiking boots snekers") fit. */
export const FUZZY_MAX_SPELLINGS_PER_SEARCH = 3200;
/** The last word matches as a prefix (search as you type) once it has this many letters. */
export const PREFIX_MIN_LENGTH = 2;
/** Words past this many are ignored: a shopper's query is a few words, and each costs index lookups. */
export const MAX_SEARCH_WORDS = 8;

export interface SearchWord {
  text: string;
  prefix: boolean;
}

/** Lower case without diacritics: "Café" → "cafe". */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Folded and deduplicated; the last word typed is the prefix. */
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

const alphabetFor = (letters: readonly string[]) => [...new Set([...ALPHABET, ...letters])];

/** At most how many spellings oneEditVariants gives the word (insertions, substitutions, deletions, transpositions). */
function spellingsBound(word: string): number {
  const letters = Array.from(word);
  if (letters.length < FUZZY_MIN_LENGTH) return 0;
  const n = letters.length;
  return (2 * n + 1) * alphabetFor(letters).length + 2 * n;
}

/** Each word's one-edit spellings within the budget, so a search costs a bounded number of lookups; words past it get none. */
export function typoSpellings(words: readonly SearchWord[]): Map<string, string[]> {
  let budget = FUZZY_MAX_SPELLINGS_PER_SEARCH;
  return new Map(
    words.map(({ text }) => {
      const bound = spellingsBound(text);
      if (bound === 0 || bound > FUZZY_MAX_SPELLINGS_PER_WORD || bound > budget) return [text, []];
      budget -= bound;
      return [text, oneEditVariants(text)];
    }),
  );
}

/**
 * Every spelling one insertion, deletion, substitution or transposition away (words of FUZZY_MIN_LENGTH or more).
 * New letters come from a–z, 0–9 and the word's own, so a typo bringing in another script's letter is not forgiven.
 */
export function oneEditVariants(word: string): string[] {
  const letters = Array.from(word);
  if (letters.length < FUZZY_MIN_LENGTH) return [];
  const alphabet = alphabetFor(letters);
  // The text before and after each letter, joined once (letters are code points, not UTF-16 units).
  const before = Array.from({ length: letters.length + 1 }, (_, i) => letters.slice(0, i).join(''));
  const after = Array.from({ length: letters.length + 2 }, (_, i) => letters.slice(i).join(''));
  const out = new Set<string>();
  for (let i = 0; i <= letters.length; i += 1) {
    const [head, rest, tail] = [before[i]!, after[i]!, after[i + 1]!];
    for (const c of alphabet) out.add(head + c + rest);
    if (i < letters.length) {
      out.add(head + tail);
      for (const c of alphabet) out.add(head + c + tail);
    }
    if (i < letters.length - 1) out.add(head + letters[i + 1]! + letters[i]! + after[i + 2]!);
  }
  out.delete(word);
  return [...out];
}
