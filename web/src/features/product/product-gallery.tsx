import { useState } from 'react';
import { ProductImage, productImageSources } from '../../shared/catalog/product-image';
import { earlyTaps, type EarlyControl } from '../../shared/early-taps';
import styles from './product-page.module.css';

interface ProductGalleryProps {
  images: readonly string[];
  name: string;
  /** The first image's blurred placeholder (Product.imagePlaceholder). */
  placeholder?: string | null;
}

/**
 * The main image and its thumbnails. A thumbnail tapped before the app took over is shown by boot.ts's listeners
 * (shared/early-taps.ts) from the URLs each thumbnail carries, and is the gallery's first state here, so the
 * hydrated markup matches the page as the shopper left it.
 */
export function ProductGallery({ images, name, placeholder }: ProductGalleryProps) {
  const [active, setActive] = useState(() => earlyTaps().image ?? 0);
  const shown = images[active] === undefined ? 0 : active;

  return (
    <div className={styles.gallery} data-gallery="">
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Product images">
          {images.map((image, index) => {
            const main = productImageSources(image, 'gallery');
            return (
              <li key={image}>
                <button
                  type="button"
                  className={styles.thumb}
                  aria-pressed={index === shown}
                  aria-label={`Show image ${index + 1} of ${images.length}`}
                  onClick={() => setActive(index)}
                  data-early={'image' satisfies EarlyControl}
                  data-index={index}
                  data-main-src={main.src}
                  data-main-srcset={main.srcSet}
                >
                  <ProductImage src={image} alt="" use="thumb" />
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className={styles.mainImage} data-gallery-main="">
        {/* The main image is the page's largest paint: fetched first, never lazily. */}
        <ProductImage
          src={images[shown]}
          alt={name}
          use="gallery"
          placeholder={shown === 0 ? placeholder : undefined}
          priority
        />
      </div>
    </div>
  );
}
