// The back office's terminal commands (`npm run shop`, api/src/admin/cli.ts), run against any streams and environment.
import { createInterface } from 'node:readline/promises';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { ORDER_STATUSES } from '#domain/back-office';
import { RETURN_ACTIONS, RETURN_STATUSES, type ReturnAction } from '#domain/order-life';
import { LOW_STOCK_THRESHOLD, stockCountSchema } from '#domain/stock';
import { CURRENCY_SYMBOL } from '#domain/store-rules';
import { hashPassword } from '../auth/password.js';
import { ADMIN_PASSWORD_MIN_LENGTH, loadApiConfig, type ApiConfig } from '../config.js';
import { openDatabase, type StoreDatabase } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import { listShopOrders, type ShopOrder } from '../order/admin-repository.js';
import { changeReturnStatus } from '../order/returns.js';
import { listShopReturns, type ShopReturn } from '../order/returns-repository.js';
import { changeOrderStatus } from '../order/status.js';
import { runningOut, setStock } from '../stock/service.js';

const USAGE = `Usage:
  npm run shop -- orders [--status "<status>"] [--limit <n>]
  npm run shop -- status <orderId> "<status>"
  npm run shop -- returns [--status "<status>"] [--limit <n>]
  npm run shop -- return <returnId> ${Object.keys(RETURN_ACTIONS).join('|')}
  npm run shop -- stock <productId> "<size>" <count|untracked>
  npm run shop -- stock --low [threshold]
  npm run shop -- admin-password

Statuses: ${ORDER_STATUSES.join(', ')}
Return statuses: ${RETURN_STATUSES.join(', ')}`;

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

class UsageError extends Error {}

/** Where a command runs: the terminal's streams, its environment and who typed it (kept with each change it makes). */
export interface ShopTerminal {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** The configuration's variables; the process's own when absent. */
  env?: Record<string, string | undefined>;
  username: string;
}

interface Shop extends ShopTerminal {
  config: ApiConfig;
  out(line: string): void;
  err(line: string): void;
}

/** The status as written, matched without regard to case ("shipped", "out for delivery"). */
function statusNamed(text: string): string {
  const status = ORDER_STATUSES.find((s) => s.toLowerCase() === text.trim().toLowerCase());
  if (!status) throw new UsageError(`Unknown status "${text}": use one of ${ORDER_STATUSES.join(', ')}`);
  return status;
}

async function withDatabase<T>(config: ApiConfig, work: (database: StoreDatabase) => Promise<T>): Promise<T> {
  const database = openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    sqliteSynchronous: config.SQLITE_SYNCHRONOUS,
  });
  try {
    await migrateToLatest(database);
    return await work(database);
  } finally {
    await database.destroy();
  }
}

/**
 * Every character a terminal acts on written as an escape (`\x1b`, `\r`, `\u202e`). Names are checked when written,
 * but an order stored before that check may hold an ESC sequence that forges a line, or a direction override.
 */
function printable(text: string): string {
  return text.replace(/[\p{Cc}\u061C\u200E\u200F\u2028\u2029\u202A-\u202E\u2066-\u2069]/gu, (c) => {
    const code = c.codePointAt(0)!;
    return code < 0x100
      ? `\\x${code.toString(16).padStart(2, '0')}`
      : `\\u${code.toString(16).padStart(4, '0')}`;
  });
}

const pad = (text: string, width: number) =>
  text.length >= width ? text : text + ' '.repeat(width - text.length);
const dateOf = (millis: number) => new Date(millis).toISOString().slice(0, 16).replace('T', ' ');

function orderLine(order: ShopOrder): string {
  const quantity = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const shopper = order.shopper.email ? `${order.shopper.name} <${order.shopper.email}>` : order.shopper.name;
  return printable(
    [
      pad(dateOf(order.date), 17),
      pad(order._id, 37),
      pad(order.status, 17),
      pad(`${CURRENCY_SYMBOL}${order.amount}`, 11),
      pad(String(quantity), 6),
      `${shopper}, ${order.address.city}`,
    ].join(' '),
  );
}

async function listOrders(shop: Shop, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]!}`);
  const status = values.status === undefined ? undefined : statusNamed(values.status);
  const limit = limitTyped(values.limit);
  const page = await withDatabase(shop.config, ({ db }) =>
    listShopOrders(db, { limit, before: undefined, status }),
  );
  if (page.orders.length === 0) {
    shop.out(status === undefined ? 'No orders yet.' : `No orders with status ${status}.`);
    return;
  }
  shop.out(
    [
      pad('DATE (UTC)', 17),
      pad('ORDER', 37),
      pad('STATUS', 17),
      pad('AMOUNT', 11),
      pad('ITEMS', 6),
      'SHOPPER',
    ].join(' '),
  );
  for (const order of page.orders) shop.out(orderLine(order));
  if (page.nextBefore !== undefined)
    shop.out(`… older orders not shown (--limit ${Math.min(limit * 2, MAX_LIMIT)} shows more)`);
}

async function setStatus(shop: Shop, args: string[]): Promise<void> {
  if (args.length !== 2) throw new UsageError('status takes an order id and a status');
  const [orderId, text] = args as [string, string];
  const status = statusNamed(text);
  const by = `command line (${shop.username})`;
  const outcome = await withDatabase(shop.config, ({ db }) =>
    changeOrderStatus(db, { orderId, status, by, actor: 'shop' }),
  );
  shop.out(
    printable(
      outcome.changed
        ? `Order ${orderId}: ${outcome.from} → ${outcome.to}`
        : `Order ${orderId} is already ${outcome.to}`,
    ),
  );
}

/** The limit as typed: a whole number from 1 to MAX_LIMIT, DEFAULT_LIMIT when absent. */
function limitTyped(text: string | undefined): number {
  const limit = text === undefined ? DEFAULT_LIMIT : Number(text);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
    throw new UsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT}`);
  return limit;
}

function returnLine(request: ShopReturn): string {
  const size = request.exchangeSize === null ? request.size : `${request.size} → ${request.exchangeSize}`;
  const shopper = request.shopper.email
    ? `${request.shopper.name} <${request.shopper.email}>`
    : request.shopper.name;
  return printable(
    [
      pad(dateOf(request.requestedAt), 17),
      pad(request._id, 37),
      pad(request.status, 10),
      pad(request.kind, 9),
      pad(String(request.quantity), 4),
      pad(size, 14),
      pad(request.reference, 10),
      `${shopper}: ${request.reason}`,
    ].join(' '),
  );
}

async function listReturns(shop: Shop, args: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args,
    options: { status: { type: 'string' }, limit: { type: 'string' } },
    allowPositionals: true,
  });
  if (positionals.length > 0) throw new UsageError(`Unexpected argument: ${positionals[0]!}`);
  let status: string | undefined;
  if (values.status !== undefined) {
    status = RETURN_STATUSES.find((s) => s.toLowerCase() === values.status!.trim().toLowerCase());
    if (!status)
      throw new UsageError(
        `Unknown return status "${values.status}": use one of ${RETURN_STATUSES.join(', ')}`,
      );
  }
  const limit = limitTyped(values.limit);
  const page = await withDatabase(shop.config, ({ db }) =>
    listShopReturns(db, { limit, before: undefined, status }),
  );
  if (page.returns.length === 0) {
    shop.out(
      status === undefined ? 'No return or exchange requests yet.' : `No requests with status ${status}.`,
    );
    return;
  }
  shop.out(
    [
      pad('DATE (UTC)', 17),
      pad('REQUEST', 37),
      pad('STATUS', 10),
      pad('KIND', 9),
      pad('QTY', 4),
      pad('SIZE', 14),
      pad('ORDER', 10),
      'SHOPPER: REASON',
    ].join(' '),
  );
  for (const request of page.returns) shop.out(returnLine(request));
  if (page.nextBefore !== undefined)
    shop.out(`… older requests not shown (--limit ${Math.min(limit * 2, MAX_LIMIT)} shows more)`);
}

async function moveReturn(shop: Shop, args: string[]): Promise<void> {
  const actions = Object.keys(RETURN_ACTIONS) as ReturnAction[];
  if (args.length !== 2) throw new UsageError(`return takes a request id and one of ${actions.join(', ')}`);
  const [returnId, text] = args as [string, string];
  const action = actions.find((a) => a === text.trim().toLowerCase());
  if (!action) throw new UsageError(`Unknown action "${text}": use one of ${actions.join(', ')}`);
  const by = `command line (${shop.username})`;
  const moved = await withDatabase(shop.config, ({ db }) => changeReturnStatus(db, { returnId, action, by }));
  const what = `${returnId} (order ${moved.return.reference})`;
  shop.out(
    printable(
      moved.changed ? `${moved.message}: ${what} is now ${moved.return.status}` : `${moved.message}: ${what}`,
    ),
  );
}

/** A count as typed: a whole number of pairs within the store's range (blank, "0x10" or "1e3" is not a number). */
function countTyped(text: string, field: string): number {
  const parsed = stockCountSchema(field).safeParse(
    /^\s*[+-]?\d+(\.\d+)?\s*$/.test(text) ? Number(text) : Number.NaN,
  );
  if (!parsed.success) throw new UsageError(`${parsed.error.issues[0]!.message} (got "${text}")`);
  return parsed.data;
}

const UNTRACKED = 'untracked';

async function stock(shop: Shop, args: string[]): Promise<void> {
  // Read by hand, not by parseArgs: a count of "-1" is a count to refuse, not an option.
  if (args[0] === '--low') {
    if (args.length > 2) throw new UsageError('stock --low takes at most a threshold');
    const threshold = args[1] === undefined ? LOW_STOCK_THRESHOLD : countTyped(args[1], 'threshold');
    const { items, more } = await withDatabase(shop.config, (database) => runningOut(database, threshold));
    if (items.length === 0) {
      shop.out(`No counted size has ${threshold} ${threshold === 1 ? 'pair' : 'pairs'} or fewer left.`);
      return;
    }
    shop.out([pad('LEFT', 5), pad('SIZE', 10), pad('PRODUCT', 37), 'NAME'].join(' '));
    for (const item of items) {
      shop.out(
        printable(
          [pad(String(item.count), 5), pad(item.size, 10), pad(item.productId, 37), item.name].join(' '),
        ),
      );
    }
    if (more) shop.out(`… more sizes not shown (only the ${items.length} lowest are listed)`);
    return;
  }
  if (args.length !== 3)
    throw new UsageError('stock takes a product id, a size and a count (or "untracked"), or --low');
  const [productId, size, text] = args as [string, string, string];
  const count = text.trim().toLowerCase() === UNTRACKED ? null : countTyped(text, 'count');
  const after = await withDatabase(shop.config, (database) => setStock(database, { productId, size, count }));
  const sizes = Object.entries(after.stock).map(
    ([s, n]) => `${s}: ${n === null ? 'not counted' : String(n)}`,
  );
  shop.out(printable(`${after.name} (${productId}): ${sizes.join(', ')}`));
  if (after.shownChanged) shop.out('What shoppers see of it changed.');
}

/** A line from the terminal with what is typed hidden, or the first line of piped input. */
async function readPassword(shop: Shop): Promise<string> {
  if (!shop.stdin.isTTY) {
    let text = '';
    for await (const chunk of shop.stdin) text += String(chunk);
    return text.split(/\r?\n/)[0] ?? '';
  }
  let muted = false;
  const output = new Writable({
    write(chunk, _encoding, done) {
      if (!muted) shop.stderr.write(chunk as Buffer);
      done();
    },
  });
  const terminal = createInterface({ input: shop.stdin, output, terminal: true });
  const ask = async (prompt: string) => {
    shop.stderr.write(prompt);
    muted = true;
    const answer = terminal.question('');
    const line = await answer;
    muted = false;
    shop.stderr.write('\n');
    return line;
  };
  try {
    const first = await ask('Admin password: ');
    const again = await ask('Again: ');
    if (first !== again) throw new UsageError('The two passwords differ.');
    return first;
  } finally {
    terminal.close();
  }
}

async function adminPassword(shop: Shop, args: string[]): Promise<void> {
  if (args.length > 0)
    throw new UsageError(
      'admin-password reads the password from the terminal (or a pipe), not the command line',
    );
  const password = await readPassword(shop);
  if (password.length < ADMIN_PASSWORD_MIN_LENGTH)
    throw new UsageError(`The password must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters.`);
  if (password.length > 128) throw new UsageError('The password must be at most 128 characters.');
  const hash = await hashPassword(password, {
    memoryKiB: shop.config.PASSWORD_HASH_MEMORY_KIB,
    iterations: shop.config.PASSWORD_HASH_ITERATIONS,
    parallelism: shop.config.PASSWORD_HASH_PARALLELISM,
  });
  shop.out(hash);
  shop.err(
    "Set ADMIN_PASSWORD_HASH to the line above (in single quotes: it holds '$'), with ADMIN_EMAIL, and no ADMIN_PASSWORD.",
  );
}

const COMMANDS: Record<string, (shop: Shop, args: string[]) => Promise<void>> = {
  orders: listOrders,
  status: setStatus,
  returns: listReturns,
  return: moveReturn,
  stock,
  'admin-password': adminPassword,
};

/** Runs one `npm run shop` command line; the answer is the process's exit code (0 done, 1 refused or failed, 2 misuse). */
export async function runShopCommand(argv: readonly string[], terminal: ShopTerminal): Promise<number> {
  const out = (line: string) => void terminal.stdout.write(`${line}\n`);
  const err = (line: string) => void terminal.stderr.write(`${line}\n`);
  const [command = '', ...rest] = argv;
  const run = COMMANDS[command];
  if (!run) {
    err(
      command === '' || command === '--help' ? USAGE : `Unknown command "${printable(command)}".\n\n${USAGE}`,
    );
    return command === '--help' ? 0 : 2;
  }
  try {
    await run({ ...terminal, config: loadApiConfig(terminal.env), out, err }, rest);
    return 0;
  } catch (error) {
    // Messages may quote what was typed or stored (an order id, a status).
    if (error instanceof UsageError) {
      err(`${printable(error.message)}\n\n${USAGE}`);
      return 2;
    }
    err(printable(error instanceof Error ? error.message : String(error)));
    return 1;
  }
}
