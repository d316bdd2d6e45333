// The home page's own pictures (web/public/features/, made from the product art by scripts/home-media/): each
// at a few widths in AVIF and WebP, so they work whatever backend serves the catalogue.

interface HomePictureProps {
  /** The file stem: `/features/<name>-<width>.{avif,webp}`. */
  name: string;
  widths: readonly number[];
  /** The picture's intrinsic shape, for the space it takes before it loads. */
  width: number;
  height: number;
  sizes: string;
  alt: string;
  className?: string;
}

const srcSet = (name: string, widths: readonly number[], format: 'avif' | 'webp') =>
  widths.map((width) => `/features/${name}-${String(width)}.${format} ${String(width)}w`).join(', ');

export function HomePicture({ name, widths, width, height, sizes, alt, className }: HomePictureProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(name, widths, 'avif')} sizes={sizes} />
      <img
        className={className}
        src={`/features/${name}-${String(widths[0])}.webp`}
        srcSet={srcSet(name, widths, 'webp')}
        sizes={sizes}
        alt={alt}
        width={width}
        height={height}
        loading="lazy"
        decoding="async"
      />
    </picture>
  );
}
