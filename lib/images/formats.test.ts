import { describe, expect, it } from 'vitest';
import { preferredFormat } from './formats.js';

describe('preferredFormat', () => {
  it('answers AVIF when accepted, else WebP, else JPEG', () => {
    expect(preferredFormat('image/avif,image/webp,image/apng,image/*,*/*;q=0.8')).toBe('avif');
    expect(preferredFormat('image/webp,*/*')).toBe('webp');
    expect(preferredFormat('image/*,*/*;q=0.8')).toBe('jpeg');
    expect(preferredFormat(undefined)).toBe('jpeg');
  });

  it('reads a quality of zero as a refusal, and ignores case and spaces', () => {
    expect(preferredFormat('image/avif;q=0, image/webp')).toBe('webp');
    expect(preferredFormat('Image/AVIF ; q=0.5')).toBe('avif');
    expect(preferredFormat('image/avif;q=0,image/webp;q=0')).toBe('jpeg');
  });
});
