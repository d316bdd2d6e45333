import { describe, expect, it } from 'vitest';
import {
  FUZZY_MAX_SPELLINGS_PER_SEARCH,
  FUZZY_MAX_SPELLINGS_PER_WORD,
  MAX_SEARCH_WORDS,
  foldText,
  oneEditVariants,
  searchWords,
  typoSpellings,
} from './search-text.js';

/** Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring). */
function osaDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

describe('search text', () => {
  it('folds case and accents the way the search indexes do', () => {
    expect(foldText('Café CRÈME Naïve Señora')).toBe('cafe creme naive senora');
  });

  it('splits words at anything but letters and digits, once each, the last one typed matched as a prefix', () => {
    expect(searchWords('  Cap-Toe  oxford, CAP ')).toEqual([
      { text: 'cap', prefix: true },
      { text: 'toe', prefix: false },
      { text: 'oxford', prefix: false },
    ]);
    expect(searchWords('snea')).toEqual([{ text: 'snea', prefix: true }]);
    expect(searchWords('navy s')).toEqual([
      { text: 'navy', prefix: false },
      { text: 's', prefix: false },
    ]);
    expect(searchWords('!!! --')).toEqual([]);
    expect(searchWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(
      MAX_SEARCH_WORDS,
    );
  });

  it('spells a word of five letters or more every way one edit away, and a shorter word not at all', () => {
    const variants = oneEditVariants('snekers');
    expect(variants).toContain('sneakers'); // insertion
    expect(oneEditVariants('sandels')).toContain('sandals'); // substitution
    expect(oneEditVariants('olvie')).toContain('olive'); // transposition
    expect(oneEditVariants('loaffer')).toContain('loafer'); // deletion
    expect(variants).not.toContain('snekers');
    expect(new Set(variants).size).toBe(variants.length);
    for (const v of variants) expect(osaDistance('snekers', v), v).toBe(1);
    expect(oneEditVariants('nevy')).toEqual([]);
    expect(oneEditVariants('x2')).toEqual([]);
  });

  describe('the typo budget', () => {
    const spellingsOf = (text: string) => [...typoSpellings(searchWords(text)).values()];
    /** `n` distinct CJK letters: each one brought into the alphabet the spellings are made from. */
    const cjk = (n: number, from = 0x4e00) =>
      Array.from({ length: n }, (_, i) => String.fromCodePoint(from + i)).join('');

    it('forgives typos in ordinary searches as before', () => {
      const [snekers, sandels] = spellingsOf('snekers sandels');
      expect(snekers).toContain('sneakers');
      expect(sandels).toContain('sandals');
      for (const spellings of spellingsOf('comfortable waterproof hiking boots snekers'))
        expect(spellings.length).toBeGreaterThan(0);
      expect(spellingsOf('abcdefghijklmnopqrst')[0]!.length).toBeGreaterThan(0);
    });

    it('matches a word with too many spellings as typed', () => {
      expect(spellingsOf(cjk(100))).toEqual([[]]);
      expect(spellingsOf(cjk(15))).toEqual([[]]);
      expect(spellingsOf(cjk(14))[0]!.length).toBeGreaterThan(0);
    });

    it('spends at most the search budget, on the words in order', () => {
      const words = Array.from({ length: MAX_SEARCH_WORDS }, (_, i) => cjk(11, 0x4e00 + i * 11)).join(' ');
      const spellings = spellingsOf(words);
      const total = spellings.reduce((sum, list) => sum + list.length, 0);
      expect(total).toBeLessThanOrEqual(FUZZY_MAX_SPELLINGS_PER_SEARCH);
      expect(spellings[0]!.length).toBeGreaterThan(0);
      expect(spellings.at(-1)).toEqual([]);
      for (const list of spellings) expect(list.length).toBeLessThanOrEqual(FUZZY_MAX_SPELLINGS_PER_WORD);
    });
  });
});
