import type { Generated } from 'kysely';

// Milliseconds since the epoch: stored as bigint, read back as number by both dialects (see database.ts).
type Millis = number;

export interface ProductTable {
  id: string;
  position: number;
  name: string;
  description: string;
  price: number;
  images: string; // JSON array of URLs
  category: string;
  sub_category: string;
  sizes: string; // JSON array of size labels
  bestseller: number; // 0 | 1, the same on both dialects
  date: Millis;
  /** JSON object { size: pairs left } of the sizes at or below LOW_STOCK_THRESHOLD (domain/stock.ts); null when none. */
  low_stock: string | null;
  /** 1 when every size is tracked and sold out. Kept with product_stock, in the same transaction. */
  sold_out: Generated<number>;
}

// Pairs of one size on hand (migration 005). A size without a row is not tracked: it always sells.
export interface ProductStockTable {
  product_id: string;
  size: string;
  quantity: number;
  updated_at: Millis;
}

// One row (id 1): bumped in the same transaction as every product write, so readers can key caches on it.
export interface CatalogStateTable {
  id: number;
  revision: number;
  token: string;
}

// The words the search index holds (typo-tolerant search expands a query word to those one edit away).
export interface SearchTermTable {
  term: string;
}

// Also in the database, but dialect-specific and never selected through these types: the full-text index
// (SQLite: the FTS5 table product_search; PostgreSQL: the table product_search, migration 003). See catalog/query-sql-{sqlite,postgres}.ts.

export interface UserTable {
  id: string;
  name: string;
  email: string | null;
  password_hash: string | null;
  clerk_id: string | null;
  created_at: Millis;
}

export interface CartLineTable {
  user_id: string;
  product_id: string;
  size: string;
  quantity: number;
  updated_at: Millis;
}

export interface OrderTable {
  seq: Generated<number>;
  id: string;
  user_id: string;
  items: string; // JSON array of OrderItem
  amount: number;
  address: string; // JSON DeliveryAddress
  status: string;
  payment_method: string;
  payment: number;
  date: Millis;
  idempotency_key: string | null;
}

// One row per change of an order's status (the back office, `npm run shop -- status`, or the shopper's cancel).
export interface OrderStatusChangeTable {
  seq: Generated<number>;
  order_id: string;
  from_status: string;
  to_status: string;
  /** The administrator's email, or the command line and the system user who ran it. */
  changed_by: string;
  changed_at: Millis;
}

// One return or exchange request of an order's line (migration 006, domain/order-life.ts).
export interface OrderReturnTable {
  seq: Generated<number>;
  id: string;
  order_id: string;
  user_id: string;
  product_id: string;
  size: string;
  quantity: number;
  kind: string;
  reason: string;
  /** The size asked for instead, for an exchange; null for a return. */
  exchange_size: string | null;
  status: string;
  requested_at: Millis;
  updated_at: Millis;
  idempotency_key: string | null;
}

// One row per change of a return's status (the back office, or `npm run shop -- return`).
export interface OrderReturnChangeTable {
  seq: Generated<number>;
  return_id: string;
  from_status: string;
  to_status: string;
  changed_by: string;
  changed_at: Millis;
}

// A product the back office removed (migration 007): its page answers 410 Gone until the id is written again.
export interface RemovedProductTable {
  product_id: string;
  removed_at: Millis;
}

export interface Database {
  products: ProductTable;
  product_stock: ProductStockTable;
  catalog_state: CatalogStateTable;
  search_terms: SearchTermTable;
  users: UserTable;
  cart_lines: CartLineTable;
  orders: OrderTable;
  order_status_changes: OrderStatusChangeTable;
  order_returns: OrderReturnTable;
  order_return_changes: OrderReturnChangeTable;
  removed_products: RemovedProductTable;
}
