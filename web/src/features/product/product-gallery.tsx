import { useState } from 'react';
import { ProductImage } from '../../shared/catalog/product-image';
import styles from './product-page.module.css';

interface ProductGalleryProps {
  images: readonly string[];
  name: string;
  /** The first image's blurred placeholder (Product.imagePlaceholder). */
  placeholder?: string | null;
  disabled?: boolean;
}

export function ProductGallery({ images, name, placeholder, disabled = false }: ProductGalleryProps) {
  const [active, setActive] = useState(0);
  const shown = images[active] === undefined ? 0 : active;

  return (
    <div className={styles.gallery}>
      {images.length > 1 ? (
        <ul className={styles.thumbs} aria-label="Product images">
          {images.map((image, index) => (
            <li key={image}>
              <button
                type="button"
                className={styles.thumb}
                aria-pressed={index === active}
                aria-label={`Show image ${index + 1} of ${images.length}`}
                disabled={disabled}
                onClick={() => setActive(index)}
              >
                <ProductImage src={image} alt="" use="thumb" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.mainImage}>
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
