import { Link } from 'react-router-dom';
import { formatPrice } from '../../shared/catalog/format-price';
import { ProductImage } from '../../shared/catalog/product-image';
import ui from '../../shared/ui.module.css';
import { lineTotal, type CartLineView } from '../cart';
import styles from './place-order.module.css';

/**
 * What PLACE ORDER orders: the lines of the same cart view the totals are computed from, read-only (changes
 * are the cart page's). Without lines it is the placeholder the prerendered page shows.
 */
export function OrderLines({ lines }: { lines: readonly CartLineView[] | null }) {
  return (
    <section className={styles.orderLines} aria-labelledby="order-lines-title">
      <div className={styles.orderLinesHead}>
        <h2 id="order-lines-title" className={`${ui.sectionTitle} ${styles.sideTitle}`}>
          Your order
        </h2>
        <Link to="/cart" className={styles.editCart}>
          Edit cart
        </Link>
      </div>
      {lines === null ? (
        <div className={styles.orderLinesPlaceholder} aria-hidden="true">
          <div className={`${ui.skeleton} ${styles.orderLineImage}`} />
          <div className={`${ui.skeleton} ${styles.orderLineSkeleton}`} />
        </div>
      ) : (
        <ul className={styles.orderLineList} aria-label="Items in your order">
          {lines.map((line) => (
            <OrderLine key={`${line.itemId}\u0000${line.size}`} line={line} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderLine({ line }: { line: CartLineView }) {
  const { product } = line;
  const facts = (
    <p className={styles.orderLineFacts}>
      <span>Size {line.size}</span>
      <span>Qty {line.quantity}</span>
    </p>
  );
  if (product === 'loading') {
    return (
      <li className={styles.orderLine} aria-busy="true">
        <div className={`${ui.skeleton} ${styles.orderLineImage}`} aria-hidden="true" />
        <div className={styles.orderLineInfo}>
          <div className={`${ui.skeleton} ${styles.orderLineSkeleton}`} aria-hidden="true" />
          {facts}
        </div>
      </li>
    );
  }
  if (product === 'missing') {
    return (
      <li className={styles.orderLine}>
        <ProductImage className={styles.orderLineImage} src={null} alt="No image" use="line" />
        <div className={styles.orderLineInfo}>
          <p className={styles.orderLineMissing}>Product not found for ID: {line.itemId}</p>
          {facts}
        </div>
      </li>
    );
  }
  return (
    <li className={styles.orderLine}>
      <ProductImage className={styles.orderLineImage} src={product.images[0]} alt={product.name} use="line" />
      <div className={styles.orderLineInfo}>
        <p className={styles.orderLineName}>{product.name}</p>
        {facts}
      </div>
      <p className={styles.orderLineTotal}>
        <span className="visually-hidden">Line total </span>
        {formatPrice(lineTotal(product.price, line.quantity))}
      </p>
    </li>
  );
}
