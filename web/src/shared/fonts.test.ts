import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateFontFace, getMetricsForFamily, readMetrics } from 'fontaine';
import { describe, expect, it } from 'vitest';
import { CORE_CODE_POINTS, CORE_RANGE, FACES } from '../../build/font-subsets.ts';
import { codePointsOf } from './unicode-range';

// Each face's two files split Latin between them: the subset every first visit loads, and the rest. Paths are
// the repository's: vitest runs from its root.

const declared = ['fonts.css', 'fallback-fonts.css']
  .flatMap((file) => [
    ...readFileSync(path.resolve('web/src/shared', file), 'utf8').matchAll(/@font-face\s*{([^}]*)}/g),
  ])
  .map(([, body]) => body!);
/** The faces with files, each with its unicode-range. */
const faces = declared
  .filter((body) => body.includes('url('))
  .map((body) => ({
    family: /font-family:\s*'([^']+)'/.exec(body)![1]!,
    src: /src:\s*url\('([^']+)'\)/.exec(body)![1]!,
    range: codePointsOf(/unicode-range:\s*([^;]+);/.exec(body)![1]!),
  }));
const latin = codePointsOf(
  (
    JSON.parse(readFileSync(path.resolve('node_modules/@fontsource/krona-one/unicode.json'), 'utf8')) as {
      latin: string;
    }
  ).latin,
);

describe('the fonts', () => {
  it.each(['Krona One', 'Outfit'])(
    '%s: the first file has the store’s characters, the second the rest of Latin',
    (family) => {
      const [subset, full] = ['-core.woff2', '-rest.woff2'].map((ending) =>
        faces.find((face) => face.family === family && face.src.endsWith(ending)),
      );
      expect([...subset!.range].sort()).toEqual([...CORE_CODE_POINTS].sort());
      expect(codePointsOf(CORE_RANGE)).toEqual(subset!.range);
      expect([...full!.range].filter((point) => subset!.range.has(point))).toEqual([]);
      expect(new Set([...subset!.range, ...full!.range])).toEqual(latin);
    },
  );

  it.each(FACES)(
    '$family: its fallback face is Arial resized to its metrics, as fontaine computes them',
    async ({ family, fontsource, file }) => {
      const metrics = await readMetrics(
        pathToFileURL(path.resolve('node_modules', fontsource, 'files', file)),
      );
      const expected = generateFontFace(metrics!, {
        name: `${family} fallback`,
        font: 'Arial',
        metrics: (await getMetricsForFamily('Arial'))!,
      });
      const descriptors = (css: string): Record<string, string> =>
        Object.fromEntries(
          [
            ...css.matchAll(/(size-adjust|ascent-override|descent-override|line-gap-override):\s*([^;]+);/g),
          ].map(([, name, value]): [string, string] => [name!, value!]),
        );
      const fallback = declared.find((body) => body.includes(`font-family: '${family} fallback'`));
      expect(fallback).toMatch(/src: local\('Arial'\)/);
      expect(descriptors(fallback!)).toEqual(descriptors(expected));
      expect(Object.keys(descriptors(expected))).toHaveLength(4);
    },
  );
});
