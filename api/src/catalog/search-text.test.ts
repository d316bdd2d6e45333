import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_WORDS, foldText, oneEditVariants, searchWords } from './search-text.js';

/** Optimal string alignment distance (Damerau–Levenshtein without repeated edits of one substring). */
function osaDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
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
    expect(searchWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(MAX_SEARCH_WORDS);
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
});
