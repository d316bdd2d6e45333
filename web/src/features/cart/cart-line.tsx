import { Link } from 'react-router-dom';
import { TrashIcon } from '../../shared/icons';
import { formatPrice } from '../../shared/catalog/format-price';
import { ProductImage } from '../../shared/catalog/product-image';
import styles from './cart.module.css';
import { lineStock, type LineStock } from './line-stock';
import { lineTotal } from './line-total';
import { QuantityInput } from './quantity-input';
import type { CartLineView } from './use-cart-view';
import ui from '../../shared/ui.module.css';

interface CartLineProps {
  line: CartLineView;
  onQuantityChange: (quantity: number) => void;
  onRemove: () => void;
}

// Ids and sizes are free text: a DOM id is made only of what an id may hold.
const domId = (line: CartLineView) =>
  `qty-${encodeURIComponent(`${line.itemId}-${line.size}`).replace(/%/g, '_')}`;

export function CartLine({ line, onQuantityChange, onRemove }: CartLineProps) {
  const { product } = line;
  const name = typeof product === 'object' ? product.name : `product ${line.itemId}`;
  return (
    <li className={styles.line}>
      {typeof product === 'object' ? (
        <>
          <ProductImage className={styles.image} src={product.images[0]} alt={product.name} use="line" />
          <div className={styles.info}>
            <Link to={`/product/${encodeURIComponent(product.id)}`} className={styles.name}>
              {product.name}
            </Link>
            <div className={styles.meta}>
              <span className={styles.price}>{formatPrice(product.price)}</span>
              <span className={styles.size}>
                <span className="visually-hidden">Size </span>
                {line.size}
              </span>
            </div>
            <StockNotice
              stock={lineStock(line)}
              what={`${product.name}, size ${line.size}`}
              onSetQuantity={onQuantityChange}
              onRemove={onRemove}
            />
          </div>
        </>
      ) : product === 'missing' ? (
        <>
          <ProductImage className={styles.image} src={null} alt="No image" use="line" />
          <div className={styles.info}>
            <p className={styles.missing}>Product not found for ID: {line.itemId}</p>
            <div className={styles.meta}>
              <span className={styles.size}>
                <span className="visually-hidden">Size </span>
                {line.size}
              </span>
            </div>
          </div>
        </>
      ) : (
        <>
          <div className={`${styles.image} ${ui.skeleton}`} aria-hidden="true" />
          <div className={styles.info} aria-busy="true">
            <div className={`${ui.skeleton} ${styles.skeletonLine}`} />
            <span className={styles.size}>
              <span className="visually-hidden">Size </span>
              {line.size}
            </span>
          </div>
        </>
      )}
      <div className={styles.lineFoot}>
        <QuantityInput
          id={domId(line)}
          what={`${name}, size ${line.size}`}
          quantity={line.quantity}
          onChange={onQuantityChange}
        />
        {typeof product === 'object' ? (
          <p className={styles.lineTotal}>
            <span className="visually-hidden">Line total </span>
            {formatPrice(lineTotal(product.price, line.quantity))}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className={styles.remove}
        aria-label={`Remove ${name}, size ${line.size}`}
        onClick={onRemove}
      >
        <TrashIcon />
      </button>
    </li>
  );
}

interface StockNoticeProps {
  stock: LineStock;
  /** The line, as the fix buttons name it. */
  what: string;
  onSetQuantity: (quantity: number) => void;
  onRemove: () => void;
}

/** A line the store cannot fill as it stands, and its fix: a change of the cart like any other. */
function StockNotice({ stock, what, onSetQuantity, onRemove }: StockNoticeProps) {
  if (stock === null) return null;
  return (
    <p className={styles.stockNotice}>
      {stock.kind === 'soldOut' ? (
        <>
          <span className={styles.stockProblem}>Sold out</span>
          <button
            type="button"
            className={styles.stockFix}
            aria-label={`Remove sold-out ${what}`}
            onClick={onRemove}
          >
            Remove
          </button>
        </>
      ) : (
        <>
          <span className={styles.stockProblem}>Only {stock.left} left</span>
          <button
            type="button"
            className={styles.stockFix}
            aria-label={`Set to ${String(stock.left)}: ${what}`}
            onClick={() => onSetQuantity(stock.left)}
          >
            Set to {stock.left}
          </button>
        </>
      )}
    </p>
  );
}
