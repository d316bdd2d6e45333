import { useEffect, useEffectEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadFailed } from '../../shared/load-failed';
import { NotFoundMessage } from '../../shared/not-found-message';
import { earlyTaps, takeEarlyTaps, type EarlyControl } from '../../shared/early-taps';
import { showToast } from '../../shared/toasts';
import ui from '../../shared/ui.module.css';
import { useDocumentMeta } from '../../shared/use-document-meta';
import { useHydrated } from '../../shared/use-hydrated';
import { useAddToCart } from '../cart';
import { categoryLabel, typeLabel } from '../../shared/catalog/catalog-labels';
import { formatPrice } from '../../shared/catalog/format-price';
import { ProductCard } from '../../shared/catalog/product-card';
import grid from '../../shared/catalog/product-grid.module.css';
import { ProductGallery } from './product-gallery';
import styles from './product-page.module.css';
import { ProductPageSkeleton } from './product-page-skeleton';
import { isSoldOut, SizePicker, type SizeAvailability } from './size-picker';
import { productMeta } from './product-meta';
import { MISSING_PRODUCT, REMOVED_PRODUCT, useRemovedProduct } from './removed-product';
import { useProductDetail, type DetailedProduct } from './use-product-detail';

export const PRODUCT_NOTES = [
  '100% Original Product',
  'Cash on delivery is available on this product',
  'Easy return and exchange policy within 7 days',
] as const;

/** Spec §5 and §8: ADD TO CART without a size. */
const SELECT_SIZE = 'Select product size!';

export default function ProductPage() {
  const { productId = '' } = useParams();
  const { product, loading, failure, retry } = useProductDetail(productId);

  if (product) return <ProductDetail key={product.id} product={product} />;
  if (loading) return <ProductPageSkeleton />;
  if (failure !== undefined) return <ProductLoadFailed message={failure} onRetry={retry} />;
  return <ProductNotFound productId={productId} />;
}

/** A size tapped before the app took over, if the product has it and it is not sold out. */
function keptSize(sizes: readonly string[], stock: readonly SizeAvailability[]): string | null {
  const { size } = earlyTaps();
  return size !== undefined && sizes.includes(size) && !isSoldOut(stock, size) ? size : null;
}

function ProductDetail({ product }: { product: DetailedProduct }) {
  const meta = productMeta(product);
  useDocumentMeta(meta.title, meta.description);
  const [size, setSize] = useState<string | null>(() => keptSize(product.sizes, product.stock));
  // Shown beside the sizes as well as in the toast (which may be far from them), until a size is picked. An
  // ADD TO CART tapped without a size before the app took over shows it too, but only once hydrated: the
  // server's HTML has no message, and the hydrating render must match it.
  const [sizeError, setSizeError] = useState<string | null>(null);
  const [addedEarly] = useState(() => earlyTaps().add === true);
  const addToCart = useAddToCart();
  // The page can arrive rendered before its code (docs/decisions/008). A tap on a size or ADD TO CART is kept
  // by boot.ts until React owns them (shared/early-taps.ts) and acted on here; a thumbnail's too (ProductGallery).
  // They are never `disabled`: React drops a click it replays on a control whose props say so.
  const hydrated = useHydrated();

  const add = (chosen: string | null) => {
    if (!chosen) {
      showToast('error', SELECT_SIZE);
      setSizeError(SELECT_SIZE);
      return;
    }
    addToCart(product.id, chosen);
  };

  const shownSizeError = sizeError ?? (hydrated && addedEarly && size === null ? SELECT_SIZE : null);

  const addKept = useEffectEvent(() => {
    const chosen = keptSize(product.sizes, product.stock);
    if (takeEarlyTaps().add !== true) return;
    if (chosen) addToCart(product.id, chosen);
    else showToast('error', SELECT_SIZE);
  });
  useEffect(() => addKept(), []);

  return (
    <div className="container">
      <nav className={styles.breadcrumbs} aria-label="Breadcrumb">
        <Link to="/collection">Collection</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/collection?category=${product.category}`}>{categoryLabel(product.category)}</Link>
        <span aria-hidden="true">/</span>
        <Link to={`/collection?category=${product.category}&type=${product.type}`}>
          {typeLabel(product.type)}
        </Link>
      </nav>

      <article className={styles.detail}>
        <ProductGallery images={product.images} name={product.name} placeholder={product.imagePlaceholder} />

        <div className={styles.info}>
          <h1 className={styles.name}>{product.name}</h1>
          <div className={styles.priceRow}>
            <p className={styles.price}>{formatPrice(product.price)}</p>
            {product.soldOut ? <p className={styles.soldOutBadge}>Sold out</p> : null}
          </div>
          <p className={styles.description}>{product.description}</p>

          <SizePicker
            sizes={product.sizes}
            stock={product.stock}
            selected={size}
            error={shownSizeError}
            onSelect={(picked) => {
              setSize(picked);
              setSizeError(null);
            }}
          />

          {product.soldOut ? (
            // Disabled alike in the served HTML and after hydration, so no early tap is kept for it.
            <>
              <p id="sold-out-reason" className={styles.soldOutReason}>
                Every size of this shoe is sold out.
              </p>
              <button
                type="button"
                className={`${ui.button} ${styles.addToCart}`}
                disabled
                aria-describedby="sold-out-reason"
              >
                ADD TO CART
              </button>
            </>
          ) : (
            <button
              type="button"
              className={`${ui.button} ${styles.addToCart}`}
              onClick={() => add(size)}
              data-early={'add' satisfies EarlyControl}
            >
              ADD TO CART
            </button>
          )}

          <hr className={styles.rule} />
          <ul className={styles.notes}>
            {PRODUCT_NOTES.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      </article>

      {product.related.length > 0 ? (
        <section className={styles.related} aria-labelledby="related-title">
          <h2 id="related-title" className={ui.sectionTitle}>
            Related products
          </h2>
          <ul className={grid.gridRelated}>
            {product.related.map((related) => (
              <li key={related.id}>
                <ProductCard product={related} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}

function ProductNotFound({ productId }: { productId: string }) {
  const removed = useRemovedProduct(productId);
  const words = removed ? REMOVED_PRODUCT : MISSING_PRODUCT;
  useDocumentMeta(words.title, words.description);
  return (
    <NotFoundMessage title={words.title} text={words.text} code={removed ? null : '404'}>
      <Link to="/collection" className={ui.button}>
        Browse the collection
      </Link>
    </NotFoundMessage>
  );
}

function ProductLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  useDocumentMeta('Product', 'Product details');
  return (
    <div className="container">
      <LoadFailed title="This product could not be loaded" message={message} onRetry={onRetry} />
    </div>
  );
}
