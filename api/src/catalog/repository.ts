import type { Kysely } from 'kysely';
import type { Database, ProductTable } from '../db/schema.js';
import type { Product } from './product.js';

function toProduct(row: ProductTable): Product {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    image: JSON.parse(row.images) as string[],
    category: row.category as Product['category'],
    subCategory: row.sub_category as Product['subCategory'],
    sizes: JSON.parse(row.sizes) as string[],
    bestseller: row.bestseller === 1,
    date: row.date,
  };
}

function toRow(product: Product, position: number): ProductTable {
  return {
    id: product._id,
    position,
    name: product.name,
    description: product.description,
    price: product.price,
    images: JSON.stringify(product.image),
    category: product.category,
    sub_category: product.subCategory,
    sizes: JSON.stringify(product.sizes),
    bestseller: product.bestseller ? 1 : 0,
    date: product.date,
  };
}

export async function listProducts(db: Kysely<Database>): Promise<Product[]> {
  const rows = await db.selectFrom('products').selectAll().orderBy('position').orderBy('id').execute();
  return rows.map(toProduct);
}

export async function findProducts(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, Product>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('products').selectAll().where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id, toProduct(r)]));
}

export async function countProducts(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** Inserts or replaces the given products in one transaction, keeping their order as "relevant". */
export async function upsertProducts(db: Kysely<Database>, products: readonly Product[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const { max } = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.max<number | null>('position').as('max'))
      .executeTakeFirstOrThrow();
    let position = max ?? 0;
    for (const product of products) {
      position += 1;
      const row = toRow(product, position);
      const { id: _id, position: _position, ...changes } = row;
      await trx
        .insertInto('products')
        .values(row)
        .onConflict((oc) => oc.column('id').doUpdateSet(changes))
        .execute();
    }
  });
}
