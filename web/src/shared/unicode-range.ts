/** The code points a CSS unicode-range names (`U+20-7E, U+A0`). */
export function codePointsOf(range: string): Set<number> {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    for (let point = parseInt(from!, 16); point <= parseInt(to!, 16); point += 1) points.add(point);
  }
  return points;
}

/** Code points as the runs of consecutive ones they make, in order. */
export function spansOf(points: Iterable<number>): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const point of [...points].sort((a, b) => a - b)) {
    const last = spans.at(-1);
    if (last !== undefined && last[1] === point - 1) last[1] = point;
    else spans.push([point, point]);
  }
  return spans;
}

/** A pattern that finds a character of `range` that is drawn: control characters (a line break) never are. */
export function drawnCharacterOf(range: string): RegExp {
  const drawn = [...codePointsOf(range)].filter((point) => point >= 0x20 && (point < 0x7f || point > 0x9f));
  const escaped = (point: number) => `\\u{${point.toString(16)}}`;
  const spans = spansOf(drawn).map(([from, to]) =>
    from === to ? escaped(from) : `${escaped(from)}-${escaped(to)}`,
  );
  return new RegExp(`[${spans.join('')}]`, 'u');
}
