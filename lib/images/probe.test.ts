import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { placeholderOf, resizeImage } from './resize.js';
import { ImageRefusal, probeImage } from './probe.js';

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a4b2a' } })
    .jpeg()
    .toBuffer();

describe('probeImage and resizeImage', () => {
  it('reads the size from the header, and resizes keeping the aspect', async () => {
    const bytes = await jpeg(1200, 800);
    const probe = await probeImage(bytes);
    expect(probe).toEqual({ format: 'jpeg', width: 1200, height: 800 });
    const out = await resizeImage(bytes, probe, { width: 480, format: 'webp' });
    expect([out.width, out.height]).toEqual([480, 320]);
    expect((await sharp(out.bytes).metadata()).format).toBe('webp');
  });

  it('applies the EXIF orientation, and drops the metadata', async () => {
    const rotated = await sharp({ create: { width: 600, height: 300, channels: 3, background: '#333' } })
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'Camera owner' } } })
      .jpeg()
      .toBuffer();
    const probe = await probeImage(rotated);
    const out = await resizeImage(rotated, probe, { width: 150, format: 'jpeg' });
    expect([out.width, out.height]).toEqual([150, 300]);
    const metadata = await sharp(out.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it('refuses more pixels than the limit, formats it does not take, and bytes that are no image', async () => {
    const bytes = await jpeg(100, 100);
    await expect(probeImage(bytes, { maxPixels: 9999 })).rejects.toMatchObject({ reason: 'too-many-pixels' });
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(probeImage(gif)).rejects.toMatchObject({ reason: 'unsupported' });
    await expect(probeImage(Buffer.from('hello'))).rejects.toBeInstanceOf(ImageRefusal);
  });

  it('draws SVG at the asked width, and makes a placeholder of a few hundred bytes at most', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="#c63"/></svg>',
    );
    const probe = await probeImage(svg);
    const out = await resizeImage(svg, probe, { width: 640, format: 'avif' });
    expect([out.width, out.height]).toEqual([640, 320]);
    const placeholder = await placeholderOf(await jpeg(3000, 2000), await probeImage(await jpeg(3000, 2000)));
    expect(placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(placeholder.length).toBeLessThan(500);
  });
});
