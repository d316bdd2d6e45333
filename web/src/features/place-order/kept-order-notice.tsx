import { Link } from 'react-router-dom';
import styles from './place-order.module.css';

/** Shown instead of a second PLACE ORDER while an order waits on the device to be sent. */
export function KeptOrderNotice() {
  return (
    <div className={styles.keptNotice} role="status">
      <p>An order is waiting to be sent from this device. It will be placed when you&rsquo;re back online.</p>
      <Link to="/orders">See it in My orders</Link>
    </div>
  );
}
