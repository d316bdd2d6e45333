import { randomBytes } from 'node:crypto';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  defaultCatalogue,
  objectId,
  PICTURE_NAME,
  pictureSvg,
  type LineageProduct,
} from './lineage-catalogue.js';
import { HttpError, parseJsonBody, readBody, routeKey, sendErrorPage, sendJson } from './lineage-express.js';
import {
  emptyRecord,
  hashPassword,
  LineageStore,
  passwordMatches,
  type CartData,
  type LineageOrder,
  type LineageUser,
} from './lineage-store.js';
import { isRecord, lineageSecret, signLineageToken, verifyLineageToken } from './lineage-token.js';

// An in-memory stand-in for the store's original backend (Express + MongoDB, the "lineage" the spec was
// written from), answering spec section 7 the way that backend does, quirks included:
// - every answer is HTTP 200, failures too (`{ success: false, message }`); only an unknown route (404) and a
//   body that is not JSON (400) get Express's HTML error page; JSON answers carry Express's weak ETag (a GET
//   holding it gets 304);
// - cart add and update answer a message only, never the cart; update of a line that does not exist fails with
//   the TypeError the original's `cartData[itemId][size] = quantity` throws; a quantity of 0 stays stored;
// - an order is stored exactly as sent (no price or stock check, no idempotency) and empties the cart;
// - the token is a never-expiring HS256 JWT `{ id, iat }`; a bad one fails with jsonwebtoken's message.
// Tests drive it through the returned object, or over HTTP at `POST /__stand-in/<control>` from another process.

export type { CartData, LineageOrder, LineageUser } from './lineage-store.js';
export type { LineageProduct } from './lineage-catalogue.js';
export { defaultCatalogue } from './lineage-catalogue.js';

export interface LineageBackendOptions {
  /** Interface both servers listen on; 127.0.0.1 unless given. */
  host?: string;
  /** Port of the API; 0 (any free port) unless given. */
  port?: number;
  /** Port of the image server; 0 unless given. */
  imagesPort?: number;
  /** The catalogue, or a function making it from the image server's origin; the default catalogue otherwise. */
  products?: LineageProduct[] | ((imagesUrl: string) => LineageProduct[]);
  /** Adds `GET /api/user/profile`, which the original does not have (it answers 404 there). */
  profile?: boolean;
  /** Express's default weak ETag on every JSON answer, and 304 to a GET that already holds it; on unless false. */
  etags?: boolean;
  /** The HS256 secret tokens are signed with; random unless given. */
  jwtSecret?: string;
}

/** One call the stand-in received (test controls excluded). */
export interface LoggedRequest {
  method: string;
  /** The path as sent, without the query string. */
  path: string;
  /** Every request header, lowercase names, repeated values joined with ", ". */
  headers: Record<string, string>;
  /** The parsed JSON body (`{}` when there was none), or the raw text when it did not parse. */
  body: unknown;
  /** When it arrived, in ms since the epoch. */
  at: number;
}

export interface LineageControls {
  /** The next request to `path` is carried out in full, but its answer is never sent: the socket is destroyed. */
  loseNextAnswer(path: string): void;
  /** The next request to `path` is carried out at once; its answer is sent `ms` later. */
  delayNext(path: string, ms: number): void;
  /** Every order stored, oldest first. */
  orders(): LineageOrder[];
  /** The orders of the user with this email, oldest first; none for an unknown email. */
  ordersOf(email: string): LineageOrder[];
  /** The stored cart of the user with this email; undefined for an unknown email. */
  cartOf(email: string): CartData | undefined;
  users(): LineageUser[];
  /** The calls received since the start or the last reset, oldest first. */
  requests(): LoggedRequest[];
  clearRequests(): void;
  /** Forgets users, orders, carts, the request log and pending faults; the catalogue stays. */
  reset(): void;
}

export interface LineageBackend extends LineageControls {
  /** Origin of the API, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Origin of the image server the products' `image` URLs point at. */
  imagesUrl: string;
  /** The catalogue `GET /api/product/list` answers, read on every call: a test may change it in place. */
  products: LineageProduct[];
  jwtSecret: string;
  stop(): Promise<void>;
}

type Body = Record<string, unknown>;
type Answer = Record<string, unknown>;
type Controller = (body: Body) => Answer | Promise<Answer>;

interface Route {
  /** Runs the original's `authUser` middleware first, which puts the token's user id into `body.userId`. */
  auth: boolean;
  controller: Controller;
}

export async function startLineageBackend(options: LineageBackendOptions = {}): Promise<LineageBackend> {
  const host = options.host ?? '127.0.0.1';
  const images = createServer(serveImage);
  const imagesUrl = `http://${host}:${await listen(images, options.imagesPort ?? 0, host)}`;
  const products =
    typeof options.products === 'function'
      ? options.products(imagesUrl)
      : (options.products ?? defaultCatalogue(imagesUrl));
  const jwtSecret = options.jwtSecret ?? randomBytes(24).toString('hex');

  const store = new LineageStore();
  const faults = new Faults();
  const log: LoggedRequest[] = [];
  const secret = lineageSecret(jwtSecret);
  // Read through the returned object on every call, so a test may change the catalogue while it runs.
  const routes = createRoutes({
    store,
    secret,
    products: () => backend.products,
    profile: options.profile ?? false,
  });

  const controls: LineageControls = {
    loseNextAnswer: (path) => faults.add(path, { kind: 'lose' }),
    delayNext: (path, ms) => faults.add(path, { kind: 'delay', ms }),
    orders: () => store.allOrders(),
    ordersOf: (email) => {
      const user = store.findUserByEmail(email);
      return user ? store.ordersOf(user._id) : [];
    },
    cartOf: (email) => {
      const user = store.findUserByEmail(email);
      return user ? store.cartOfUser(user._id) : undefined;
    },
    users: () => store.allUsers(),
    requests: () => structuredClone(log),
    clearRequests: () => void log.splice(0),
    reset: () => {
      store.clear();
      faults.clear();
      log.splice(0);
    },
  };

  const api = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // Only a fault of the stand-in itself lands here; the routes answer their own failures.
      if (!response.headersSent)
        sendErrorPage(response, 500, error instanceof Error ? error.message : String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const method = request.method ?? 'GET';
    if (method === 'POST' && url.pathname.startsWith(CONTROL_PREFIX)) {
      await answerControl(request, response, url.pathname.slice(CONTROL_PREFIX.length), controls);
      return;
    }

    // express.json() runs before routing, so a body that does not parse is a 400 even on an unknown route.
    let text = '';
    let body: unknown;
    try {
      text = await readBody(request);
      body = parseJsonBody(request.headers['content-type'], text);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      log.push(logEntry(request, url, text));
      return sendErrorPage(response, error.status, error.message);
    }
    log.push(logEntry(request, url, body));

    const key = routeKey(url.pathname);
    // Express answers HEAD with the GET route, without the body.
    const route = routes.get(`${method === 'HEAD' ? 'GET' : method} ${key}`);
    if (!route) return sendErrorPage(response, 404, `Cannot ${method} ${url.pathname}${url.search}`);

    const answer = await runRoute(route, request.headers, isRecord(body) ? { ...body } : {}, secret);
    const fault = faults.take(key);
    if (fault?.kind === 'lose') {
      request.socket.destroy();
      return;
    }
    if (fault?.kind === 'delay') await faults.sleep(fault.ms);
    if (!response.destroyed) sendJson(request, response, answer, options.etags ?? true);
  }

  let port: number;
  try {
    port = await listen(api, options.port ?? 0, host);
  } catch (error) {
    await close(images);
    throw error;
  }
  const url = `http://${host}:${port}`;
  const backend: LineageBackend = {
    url,
    imagesUrl,
    products,
    jwtSecret,
    ...controls,
    stop: async () => {
      faults.clear();
      await Promise.all([close(api), close(images)]);
    },
  };
  return backend;
}

// ── Routes ─────────────────────────────────────────────────────────────────────────────────────────────

interface RouteDeps {
  store: LineageStore;
  secret: Uint8Array;
  products: () => LineageProduct[];
  profile: boolean;
}

function createRoutes({ store, secret, products, profile }: RouteDeps): Map<string, Route> {
  const open = (controller: Controller): Route => ({ auth: false, controller });
  const authed = (controller: Controller): Route => ({ auth: true, controller });

  /** `userModel.findById(body.userId)`, then reading a field of it: null's TypeError when there is no such user. */
  const userOf = (body: Body, field: string) => {
    const user = store.findUserById(body.userId);
    if (!user) throw new TypeError(`Cannot read properties of null (reading '${field}')`);
    return user;
  };

  const routes = new Map<string, Route>([
    ['GET /api/product/list', open(() => ({ success: true, products: products() }))],

    [
      'POST /api/user/register',
      open(async ({ name, email, password }) => {
        // The original's order of checks: existing email, email format, password length; then save.
        if (store.findUserByEmail(email)) return refusal('User already exists');
        const validEmail = emailInput(email);
        if (validEmail === undefined) return refusal('Please enter a valid email');
        const checked = passwordInput(password, 'salt must either be a salt string or a number of rounds');
        if (checked.length < 8) return refusal('Please enter a strong password');
        const hash = await hashPassword(checked);
        // The email is re-checked at save, as the unique index does for two sign-ups racing each other.
        const user = store.insertUser({
          name: requiredString(name, 'user', 'name'),
          email: validEmail,
          password: hash,
        });
        return { success: true, token: await signLineageToken(user._id, secret) };
      }),
    ],

    [
      'POST /api/user/login',
      open(async ({ email, password }) => {
        const user = store.findUserByEmail(email);
        if (!user) return refusal("User doesn't exists");
        if (password === undefined || password === null) throw new Error('data and hash arguments required');
        const checked = passwordInput(password, 'hash must be a string');
        if (!(await passwordMatches(checked, user.password))) return refusal('Invalid credentials');
        return { success: true, token: await signLineageToken(user._id, secret) };
      }),
    ],

    [
      'POST /api/cart/get',
      authed((body) => ({ success: true, cartData: store.readCart(userOf(body, 'cartData')._id) })),
    ],

    [
      'POST /api/cart/add',
      authed(async (body) => {
        const user = userOf(body, 'cartData');
        const cartData = store.readCart(user._id);
        await nextTurn();
        const item = propertyKey(body.itemId);
        const size = propertyKey(body.size);
        const line = cartData[item];
        // No check of the product or the size: whatever id and size arrive are stored.
        if (line) line[size] = line[size] ? plusOne(line[size]) : 1;
        else cartData[item] = Object.assign(emptyRecord(), { [size]: 1 });
        store.writeCart(user._id, cartData);
        return { success: true, message: 'Added To Cart' };
      }),
    ],

    [
      'POST /api/cart/update',
      authed(async (body) => {
        const user = userOf(body, 'cartData');
        const cartData = store.readCart(user._id);
        await nextTurn();
        const size = propertyKey(body.size);
        const line = cartData[propertyKey(body.itemId)];
        // `cartData[itemId][size] = quantity` on a line that does not exist.
        if (!line) throw new TypeError(`Cannot set properties of undefined (setting '${size}')`);
        // The quantity is stored as sent: 0 stays as a line of 0, nothing is deleted.
        line[size] = body.quantity;
        store.writeCart(user._id, cartData);
        return { success: true, message: 'Cart Updated' };
      }),
    ],

    [
      'POST /api/order/place',
      authed(async ({ userId, items, amount, address }) => {
        const order: LineageOrder = {
          _id: objectId(),
          userId: requiredString(userId, 'order', 'userId'),
          items,
          ...(amount === undefined ? {} : { amount }),
          address,
          status: 'Order Placed',
          paymentMethod: 'COD',
          payment: false,
          date: Date.now(),
          __v: 0,
        };
        store.insertOrder(order);
        await nextTurn();
        store.writeCart(userId, {});
        return { success: true, message: 'Order Placed' };
      }),
    ],

    [
      'POST /api/order/userorders',
      authed(({ userId }) => ({ success: true, orders: store.ordersOf(userId) })),
    ],
  ]);

  if (profile) {
    routes.set(
      'GET /api/user/profile',
      authed((body) => {
        const { _id, name, email } = userOf(body, '_id');
        return { success: true, user: { _id, name, email } };
      }),
    );
  }
  return routes;
}

/** The original's middleware and controller try/catch: any thrown error becomes `{ success: false, message }`. */
async function runRoute(
  route: Route,
  headers: IncomingHttpHeaders,
  body: Body,
  secret: Uint8Array,
): Promise<Answer> {
  try {
    if (route.auth) {
      const token = tokenFrom(headers);
      if (!token) return refusal('Not Authorized Login Again');
      const decoded = await verifyLineageToken(token, secret);
      // Set after parsing, so a `userId` the client put in the body never counts.
      body.userId = isRecord(decoded) ? decoded.id : undefined;
    }
    return await route.controller(body);
  } catch (error) {
    return refusal(error instanceof Error ? error.message : String(error));
  }
}

/** The lineage client sends the token in a `token` header; spec section 6 says a bearer header. Both count. */
function tokenFrom(headers: IncomingHttpHeaders): string | undefined {
  if (typeof headers.token === 'string' && headers.token !== '') return headers.token;
  return /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
}

function refusal(message: string): Answer {
  return { success: false, message };
}

const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

/** The email when validator's isEmail (closely enough) accepts it; like isEmail, a value that is not a string throws. */
function emailInput(value: unknown): string | undefined {
  if (typeof value !== 'string') {
    const type =
      value === null
        ? 'null'
        : Array.isArray(value)
          ? 'Array'
          : typeof value === 'object'
            ? 'Object'
            : typeof value;
    throw new TypeError(`Expected a string but received a ${type}`);
  }
  return EMAIL.test(value) && value.length <= 254 ? value : undefined;
}

/** `password.length` on nothing throws; bcrypt refuses anything but a string. */
function passwordInput(password: unknown, bcryptTail: string): string {
  if (password === undefined || password === null)
    throw new TypeError(`Cannot read properties of ${String(password)} (reading 'length')`);
  if (typeof password !== 'string') throw new Error(`data must be a string or Buffer and ${bcryptTail}`);
  return password;
}

/** A Mongoose `{ type: String, required: true }` path at save: missing or empty fails, a number or boolean is cast. */
function requiredString(value: unknown, model: string, path: string): string {
  if (value === undefined || value === null || value === '') {
    throw new Error(`${model} validation failed: ${path}: Path \`${path}\` is required.`);
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return String(value);
  throw new Error(
    `${model} validation failed: ${path}: Cast to string failed for value "${JSON.stringify(value)}" at path "${path}"`,
  );
}

/** How JavaScript turns a value into a property name (`cartData[itemId]`). */
function propertyKey(value: unknown): string {
  if (value !== null && typeof value === 'object')
    return Array.isArray(value) ? value.join(',') : '[object Object]';
  return String(value);
}

/** JavaScript's `value + 1` for a stored quantity that is truthy: numbers add, anything else concatenates. */
function plusOne(value: unknown): unknown {
  if (typeof value === 'number') return value + 1;
  if (value === true) return 2;
  return `${propertyKey(value)}1`;
}

/**
 * The original reads a document, then writes it back after another await, so the write is a separate step;
 * yielding here keeps that: two cart writes racing for one user can lose one, there as here.
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

// ── Faults ─────────────────────────────────────────────────────────────────────────────────────────────

type Fault = { kind: 'lose' } | { kind: 'delay'; ms: number };

/** Faults queued per route key; each request to that route takes the oldest one. */
class Faults {
  private readonly queued = new Map<string, Fault[]>();
  private readonly timers = new Set<NodeJS.Timeout>();

  add(path: string, fault: Fault): void {
    const key = routeKey(path);
    this.queued.set(key, [...(this.queued.get(key) ?? []), fault]);
  }

  take(key: string): Fault | undefined {
    return this.queued.get(key)?.shift();
  }

  sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        resolve();
      }, ms);
      this.timers.add(timer);
    });
  }

  /** Drops queued faults; a delayed answer still waiting is never sent. */
  clear(): void {
    this.queued.clear();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}

// ── Test controls over HTTP ────────────────────────────────────────────────────────────────────────────

export const CONTROL_PREFIX = '/__stand-in/';

class ControlError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
  ) {
    super(message);
  }
}

async function answerControl(
  request: IncomingMessage,
  response: ServerResponse,
  name: string,
  controls: LineageControls,
): Promise<void> {
  let status = 200;
  let answer: unknown;
  try {
    const text = await readBody(request);
    const input = text.trim() === '' ? {} : (JSON.parse(text) as unknown);
    answer = runControl(name, isRecord(input) ? input : {}, controls);
  } catch (error) {
    status = error instanceof ControlError ? error.status : 400;
    answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
  }
  const text = JSON.stringify(answer);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

function runControl(name: string, input: Record<string, unknown>, controls: LineageControls): unknown {
  switch (name) {
    case 'loseNextAnswer':
      controls.loseNextAnswer(stringField(input, 'path'));
      return { ok: true };
    case 'delayNext':
      controls.delayNext(stringField(input, 'path'), numberField(input, 'ms'));
      return { ok: true };
    case 'orders':
      return { orders: controls.orders() };
    case 'ordersOf':
      return { orders: controls.ordersOf(stringField(input, 'email')) };
    case 'cartOf':
      return { cartData: controls.cartOf(stringField(input, 'email')) ?? null };
    case 'users':
      return { users: controls.users() };
    case 'requests':
      return { requests: controls.requests() };
    case 'clearRequests':
      controls.clearRequests();
      return { ok: true };
    case 'reset':
      controls.reset();
      return { ok: true };
    default:
      throw new ControlError(404, `No stand-in control named "${name}"`);
  }
}

function stringField(input: Record<string, unknown>, field: string): string {
  const value = input[field];
  if (typeof value !== 'string') throw new ControlError(400, `${field} must be a string`);
  return value;
}

function numberField(input: Record<string, unknown>, field: string): number {
  const value = input[field];
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new ControlError(400, `${field} must be a number of ms`);
  return value;
}

// ── Image server ───────────────────────────────────────────────────────────────────────────────────────

/** `GET /images/<name>.svg` as a CDN serves it: cacheable for a year and loadable from any origin. */
function serveImage(request: IncomingMessage, response: ServerResponse): void {
  const name = /^\/images\/([^/]+)\.svg$/.exec(new URL(request.url ?? '/', 'http://images').pathname)?.[1];
  const readable = request.method === 'GET' || request.method === 'HEAD';
  if (!readable || name === undefined || !PICTURE_NAME.test(name)) {
    response.writeHead(404, {
      'content-type': 'text/plain; charset=utf-8',
      'cross-origin-resource-policy': 'cross-origin',
    });
    response.end('Not found');
    return;
  }
  const svg = pictureSvg(name);
  const etag = `"${name}"`;
  const headers = {
    'cache-control': 'public, max-age=31536000, immutable',
    'cross-origin-resource-policy': 'cross-origin',
    'access-control-allow-origin': '*',
    etag,
  };
  if (request.headers['if-none-match'] === etag) {
    response.writeHead(304, headers);
    response.end();
    return;
  }
  response.writeHead(200, {
    ...headers,
    'content-type': 'image/svg+xml',
    'content-length': Buffer.byteLength(svg),
  });
  response.end(request.method === 'HEAD' ? undefined : svg);
}

// ── Plumbing ───────────────────────────────────────────────────────────────────────────────────────────

function logEntry(request: IncomingMessage, url: URL, body: unknown): LoggedRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return { method: request.method ?? 'GET', path: url.pathname, headers, body, at: Date.now() };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
