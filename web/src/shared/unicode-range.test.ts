import { describe, expect, it } from 'vitest';
import { codePointsOf, drawnCharacterOf, spansOf } from './unicode-range';

describe('unicode ranges', () => {
  it('reads a range as its code points, and code points as their runs', () => {
    expect([...codePointsOf('U+41-43, U+E9')]).toEqual([0x41, 0x42, 0x43, 0xe9]);
    expect(spansOf([0xe9, 0x43, 0x41, 0x42])).toEqual([
      [0x41, 0x43],
      [0xe9, 0xe9],
    ]);
  });

  it('finds a drawn character of the range, and never a control character', () => {
    const rest = drawnCharacterOf('U+0-1F, U+7F-9F, U+A1-A8, U+D8-FF');
    expect(rest.test('Café')).toBe(true);
    expect(rest.test('Cafe\n\t\u0085')).toBe(false);
    expect(drawnCharacterOf('U+20-7E').test('₹')).toBe(false);
    expect(drawnCharacterOf('U+20B9').test('₹4,499')).toBe(true);
  });
});
