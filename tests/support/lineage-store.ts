import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { objectId } from './lineage-catalogue.js';

// The lineage backend's two collections, users and orders, kept in memory with the behaviour of Mongoose
// documents that matters to a client: ids are ObjectIds, a cart is read and written back as a whole, values
// are stored as sent (no schema casts beyond what the original relies on), and reads hand out copies.

/** product id → size → quantity, as stored: whatever the client sent, zeros included. */
export type CartData = Record<string, Record<string, unknown>>;

export interface LineageUser {
  _id: string;
  name: string;
  email: string;
  cartData: CartData;
}

export interface LineageOrder {
  _id: string;
  userId: string;
  /** Exactly as the client sent them. */
  items: unknown;
  /** As sent; absent when the client sent none. */
  amount?: unknown;
  address: unknown;
  status: string;
  paymentMethod: string;
  payment: boolean;
  date: number;
  __v: 0;
}

interface UserDocument extends LineageUser {
  password: string;
  __v: 0;
}

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, length: number) => Promise<Buffer>;

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString('base64')}$${(await scryptAsync(password, salt, 32)).toString('base64')}`;
}

export async function passwordMatches(password: string, stored: string): Promise<boolean> {
  const [, salt = '', hash = ''] = stored.split('$');
  const expected = Buffer.from(hash, 'base64');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}

/**
 * A cart as a stored document holds it: a fresh copy, with `undefined` written as null the way BSON writes it.
 * Its objects have no prototype, so a product id or size named `__proto__` is just another key here.
 */
function stored(cart: CartData): CartData {
  const text = JSON.stringify(cart, (_key, inner: unknown) => (inner === undefined ? null : inner));
  return JSON.parse(text, (_key, inner: unknown) =>
    isPlainObject(inner) ? Object.assign(emptyRecord(), inner) : inner,
  ) as CartData;
}

/** A copy for a test to look at, made of ordinary objects. */
function copyOut(cart: CartData): CartData {
  return JSON.parse(JSON.stringify(cart)) as CartData;
}

/** An object with no prototype: assigning any key, `__proto__` included, makes an own property. */
export function emptyRecord(): Record<string, unknown> {
  return Object.create(null) as Record<string, unknown>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** `Model.findById` casts its argument to an ObjectId first and fails the way Mongoose does. */
function castObjectId(id: unknown): string | undefined {
  if (id === undefined || id === null) return undefined;
  if (typeof id === 'string' && /^[0-9a-f]{24}$/i.test(id)) return id.toLowerCase();
  const shown = typeof id === 'string' ? id : JSON.stringify(id);
  throw new Error(
    `Cast to ObjectId failed for value "${shown}" (type ${typeof id}) at path "_id" for model "user"`,
  );
}

export class LineageStore {
  private readonly usersById = new Map<string, UserDocument>();
  private orderList: LineageOrder[] = [];

  findUserByEmail(email: unknown): UserDocument | undefined {
    if (typeof email !== 'string') return undefined;
    for (const user of this.usersById.values()) if (user.email === email) return user;
    return undefined;
  }

  /** `userModel.findById(id)`: null (here undefined) for no such user, a CastError for a malformed id. */
  findUserById(id: unknown): UserDocument | undefined {
    const key = castObjectId(id);
    return key === undefined ? undefined : this.usersById.get(key);
  }

  /** `new userModel({...}).save()`, with the unique email index's error for a racing duplicate. */
  insertUser(fields: { name: string; email: string; password: string }): UserDocument {
    if (this.findUserByEmail(fields.email)) {
      throw new Error(
        `E11000 duplicate key error collection: e-commerce.users index: email_1 dup key: { email: "${fields.email}" }`,
      );
    }
    const user: UserDocument = { _id: objectId(), ...fields, cartData: {}, __v: 0 };
    this.usersById.set(user._id, user);
    return user;
  }

  /** The cart as `findById` hands it over: a copy the caller changes and writes back. */
  readCart(userId: string): CartData {
    return stored(this.usersById.get(userId)?.cartData ?? {});
  }

  /** The cart of a user, for a test to look at. */
  cartOfUser(userId: string): CartData | undefined {
    const user = this.usersById.get(userId);
    return user ? copyOut(user.cartData) : undefined;
  }

  /** `findByIdAndUpdate(userId, { cartData })`: nothing happens for an unknown user. */
  writeCart(userId: unknown, cartData: CartData): void {
    const user = typeof userId === 'string' ? this.usersById.get(userId) : undefined;
    if (user) user.cartData = stored(cartData);
  }

  insertOrder(order: LineageOrder): void {
    this.orderList.push(structuredClone(order));
  }

  /** `orderModel.find({ userId })`: insertion order, so oldest first. */
  ordersOf(userId: unknown): LineageOrder[] {
    return structuredClone(this.orderList.filter((order) => order.userId === userId));
  }

  allOrders(): LineageOrder[] {
    return structuredClone(this.orderList);
  }

  /** The users as a test may look at them: no password hashes. */
  allUsers(): LineageUser[] {
    return [...this.usersById.values()].map(({ _id, name, email, cartData }) => ({
      _id,
      name,
      email,
      cartData: copyOut(cartData),
    }));
  }

  clear(): void {
    this.usersById.clear();
    this.orderList = [];
  }
}
