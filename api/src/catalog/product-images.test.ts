import { describe, expect, it } from 'vitest';
import { detectImage } from './product-images.js';

// Uploaded images are recognised by their first bytes, never by a name or a declared type.

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(
    parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))),
  );

describe('detectImage', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0], 'JFIF'), 'jpg'],
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13]), 'png'],
    ['WebP', bytes('RIFF', [26, 0, 0, 0], 'WEBPVP8L'), 'webp'],
  ])('recognises %s', (_name, data, extension) => {
    expect(detectImage(data)?.extension).toBe(extension);
  });

  it.each([
    ['SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['SVG after an XML declaration', bytes('<?xml version="1.0"?><svg/>')],
    ['GIF', bytes('GIF89a')],
    ['a RIFF that is not WebP (WAV)', bytes('RIFF', [26, 0, 0, 0], 'WAVEfmt ')],
    ['a truncated PNG signature', bytes([0x89], 'PNG')],
    ['nothing', bytes()],
    ['HTML', bytes('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s', (_name, data) => {
    expect(detectImage(data)).toBeUndefined();
  });
});
