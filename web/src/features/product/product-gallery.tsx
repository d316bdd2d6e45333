import { useState } from 'react';
import { FALLBACK_PRODUCT_IMAGE } from '../../shared/catalog/product-card';
import styles from './product-page.module.css';

const IMAGE_SIZE = 800;

export function ProductGallery({ images, name, disabled = false }: { images: readonly string[]; name: string; disabled?: boolean }) {
  const [active, setActive] = useState(0);
  const main = images[active] ?? images[0] ?? FALLBACK_PRODUCT_IMAGE;

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
                <img src={image} alt="" width={IMAGE_SIZE} height={IMAGE_SIZE} decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className={styles.mainImage}>
        <img src={main} alt={name} width={IMAGE_SIZE} height={IMAGE_SIZE} fetchPriority="high" />
      </div>
    </div>
  );
}
