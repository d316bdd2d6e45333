import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageDiskCache } from './image-cache.js';

const name = (n: number, ext = 'webp') => `${n.toString(16).padStart(64, '0')}.${ext}`;
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'image-cache-unit-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('ImageDiskCache', () => {
  it('stays within its bytes, dropping the least recently read first', async () => {
    const dir = freshDir();
    const cache = await ImageDiskCache.open(dir, 3000);
    const a = await cache.write(name(1), Buffer.alloc(1000, 1));
    await cache.write(name(2), Buffer.alloc(1000, 2));
    await cache.write(name(3), Buffer.alloc(1000, 3));
    expect(await cache.read(a)).toEqual(Buffer.alloc(1000, 1)); // 1 is now the most recently used
    await cache.write(name(4), Buffer.alloc(1000, 4));
    expect(readdirSync(dir).sort()).toEqual([name(1), name(3), name(4)]);
    expect(cache.bytes).toBe(3000);
  });

  it('rebuilds its index from the folder, dropping unfinished writes and what is over a smaller bound', async () => {
    const dir = freshDir();
    const first = await ImageDiskCache.open(dir, 10_000);
    for (const n of [1, 2, 3]) await first.write(name(n, 'avif'), Buffer.alloc(1000, n));
    writeFileSync(path.join(dir, `${name(9)}.abc123.partial`), 'half');
    const again = await ImageDiskCache.open(dir, 2000);
    expect(again.size).toBe(2);
    expect(again.bytes).toBe(2000);
    expect(readdirSync(dir).some((file) => file.endsWith('.partial'))).toBe(false);
    const kept = await again.find(name(3, 'avif'));
    expect(kept === undefined ? undefined : await again.read(kept)).toEqual(Buffer.alloc(1000, 3));
  });

  it('treats a file removed behind its back as a miss', async () => {
    const dir = freshDir();
    const cache = await ImageDiskCache.open(dir, 10_000);
    const entry = await cache.write(name(5), Buffer.from('x'));
    rmSync(path.join(dir, name(5)));
    expect(await cache.read(entry)).toBeUndefined();
    expect(await cache.find(name(5))).toBeUndefined();
  });

  it('finds a file another cache on the same folder wrote after it opened, within its own bound', async () => {
    const dir = freshDir();
    const mine = await ImageDiskCache.open(dir, 1500);
    const other = await ImageDiskCache.open(dir, 10_000);
    await mine.write(name(1), Buffer.alloc(1000, 1));
    await other.write(name(2), Buffer.alloc(1000, 2));
    const found = await mine.find(name(2));
    expect(found === undefined ? undefined : await mine.read(found)).toEqual(Buffer.alloc(1000, 2));
    expect([mine.size, mine.bytes]).toEqual([1, 1000]);
    expect(readdirSync(dir)).toEqual([name(2)]);
    expect(await mine.find(name(3))).toBeUndefined();
  });
});
