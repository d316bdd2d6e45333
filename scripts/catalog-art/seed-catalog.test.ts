// The seed catalogue as a shop would show it: every product its own name and its own pictures, and every picture
// it names drawn.

import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const IMAGES = join(ROOT, 'api', 'public', 'images');

interface SeedProduct {
  _id: string;
  name: string;
  image: string[];
}

const seed = JSON.parse(readFileSync(join(ROOT, 'api', 'seed', 'catalog.json'), 'utf8')) as SeedProduct[];
const fileOf = (url: string) => join(IMAGES, url.replace(/^\/images\//, ''));
const digest = (url: string) =>
  createHash('sha256')
    .update(readFileSync(fileOf(url)))
    .digest('hex');

function duplicates(values: readonly string[]): string[] {
  return [...new Set(values.filter((value, i) => values.indexOf(value) !== i))];
}

describe('the seed catalogue', () => {
  it('has no two products with the same name', () => {
    expect(duplicates(seed.map((p) => p.name.toLowerCase()))).toEqual([]);
  });

  it('names only image files that exist', () => {
    const missing = seed.flatMap((p) =>
      p.image.filter((url) => !existsSync(fileOf(url))).map((url) => `${p._id}: ${url}`),
    );
    expect(missing).toEqual([]);
  });

  it('shows every product from at least three views', () => {
    expect(seed.filter((p) => p.image.length < 3).map((p) => p._id)).toEqual([]);
  });

  it('gives every product its own first picture, by content and not only by file name', () => {
    expect(duplicates(seed.map((p) => p.image[0]!))).toEqual([]);
    expect(duplicates(seed.map((p) => digest(p.image[0]!)))).toEqual([]);
  });

  it('has no two products with the same set of pictures', () => {
    const sets = seed.map((p) => p.image.map(digest).sort().join(','));
    expect(duplicates(sets)).toEqual([]);
  });

  it('shares no picture between two products', () => {
    const owners = new Map<string, string>();
    const shared: string[] = [];
    for (const p of seed) {
      for (const url of p.image) {
        const owner = owners.get(digest(url));
        if (owner && owner !== p._id) shared.push(`${url} (${p._id}) = a picture of ${owner}`);
        owners.set(digest(url), p._id);
      }
    }
    expect(shared).toEqual([]);
  });
});
