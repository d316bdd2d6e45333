import { describe, expect, it } from 'vitest';
import { MAX_LINE_QUANTITY } from '#domain/store-rules';
import { quantityFromInput } from './quantity-from-input';

describe('quantity input', () => {
  it.each([
    ['', null],
    ['  ', null],
    ['0', null],
    ['00', null],
    ['-1', null],
    ['1.5', null],
    ['abc', null],
    ['3', 3],
    [' 12 ', 12],
    [String(MAX_LINE_QUANTITY), MAX_LINE_QUANTITY],
    ['150', MAX_LINE_QUANTITY],
  ])('%j means %j', (raw, expected) => {
    expect(quantityFromInput(raw)).toBe(expected);
  });
});
