// The encodings an optimized image is sent in, and which one a browser gets: AVIF when it says it takes it (the
// smallest), else WebP, else JPEG, which every browser shows.

export const OUTPUT_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export const CONTENT_TYPES: Readonly<Record<OutputFormat, string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpeg: 'image/jpeg',
};

export const FILE_EXTENSIONS: Readonly<Record<OutputFormat, string>> = {
  avif: 'avif',
  webp: 'webp',
  jpeg: 'jpg',
};

/** Whether an `Accept` header names this media type with a quality above zero (`image/avif;q=0` refuses it). */
function accepts(accept: string, mediaType: string): boolean {
  for (const range of accept.toLowerCase().split(',')) {
    const [type, ...parameters] = range.split(';').map((part) => part.trim());
    if (type !== mediaType) continue;
    const quality = parameters.find((p) => p.startsWith('q='));
    return quality === undefined || Number(quality.slice(2)) > 0;
  }
  return false;
}

/** The format to answer a request with this `Accept` header (absent: JPEG). */
export function preferredFormat(accept: string | undefined): OutputFormat {
  if (accept === undefined) return 'jpeg';
  if (accepts(accept, 'image/avif')) return 'avif';
  if (accepts(accept, 'image/webp')) return 'webp';
  return 'jpeg';
}
