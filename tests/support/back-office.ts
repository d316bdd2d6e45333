import { spawn } from 'node:child_process';
import { userInfo } from 'node:os';
import { Readable, Writable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { expect } from 'vitest';
import { runShopCommand } from '../../api/src/admin/shop-commands.js';
import { ROOT } from '../../scripts/service-process.js';
import { call } from './http.js';
import { nodeArgsOf } from './prebuilt.js';

// The back office's side of the tests: the administrator the API is started with, real images made here, and the
// multipart form the lineage's admin app sends.

export const ADMIN = { email: 'owner@kadam.example', password: 'correct horse battery staple' } as const;
export const ADMIN_ENV = { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password } as const;

export async function adminLogin(
  base: string,
  credentials: { email: string; password: string } = ADMIN,
): Promise<string> {
  const res = await call(base, 'POST', '/api/user/admin', credentials);
  expect(res.body).toMatchObject({ success: true });
  return res.body.token as string;
}

// CRC-32 of the PNG chunk type and data (PNG section 5.5).
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG: `width` × `height` pixels of one RGB colour (8-bit truecolour, no filter). */
export function solidPng(
  width: number,
  height: number,
  [r, g, b]: readonly [number, number, number],
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [r, g, b]).flat()),
  ]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(pixels)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * A real baseline JPEG: one 8 × 8 block of mid grey. One quantisation table of ones, and Huffman tables of a single
 * one-bit code each (DC difference 0, end of block), so the whole scan is the two bits `00`, padded with ones.
 */
export function greyJpeg(): Buffer {
  const segment = (marker: number, body: number[]) => [
    0xff,
    marker,
    (body.length + 2) >> 8,
    (body.length + 2) & 0xff,
    ...body,
  ];
  const oneCode = (tableClass: number) => [(tableClass << 4) | 0, 1, ...Array<number>(15).fill(0), 0x00];
  return Buffer.from([
    0xff,
    0xd8, // SOI
    ...segment(0xdb, [0x00, ...Array<number>(64).fill(1)]), // DQT: table 0, 8-bit, all ones
    ...segment(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]), // SOF0: 8-bit, 8 × 8, one component (id 1, 1×1, table 0)
    ...segment(0xc4, oneCode(0)), // DHT: DC table 0
    ...segment(0xc4, oneCode(1)), // DHT: AC table 0
    ...segment(0xda, [1, 1, 0x00, 0, 63, 0]), // SOS: component 1 with tables 0/0, spectral 0–63
    0x3f, // the scan: DC "0", EOB "0", then six padding ones
    0xff,
    0xd9, // EOI
  ]);
}

/** A real WebP: 1 × 1, lossless (the image browsers are probed with for WebP support). */
export const TINY_WEBP = Buffer.from('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==', 'base64');

/** What an SVG with a script looks like: the back office must never store it, whatever it is called. */
export const SCRIPTED_SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.domain)</script></svg>',
);

// The form's text fields, all strings (a type, so it fits a Record<string, string>).
export type ProductFields = {
  name: string;
  description: string;
  price: string;
  category: string;
  subCategory: string;
  sizes: string;
  bestseller?: string;
};

export const NEW_SHOE: ProductFields = {
  name: 'Monsoon Trail Runner',
  description: 'A quick-drying trail runner with a lugged outsole for wet paths.',
  price: '3299',
  category: 'Men',
  subCategory: 'Sports Shoes',
  sizes: JSON.stringify(['7', '8', '9', '10']),
  bestseller: 'true',
};

export interface FormFile {
  field: string;
  bytes: Buffer;
  filename: string;
  type: string;
}

/** The form the lineage's admin app posts to /api/product/add. */
export function productForm(fields: Record<string, string>, files: FormFile[]): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files)
    form.append(file.field, new Blob([file.bytes], { type: file.type }), file.filename);
  return form;
}

export const pngFile = (field = 'image1', bytes = solidPng(4, 3, [192, 57, 43])): FormFile => ({
  field,
  bytes,
  filename: `${field}.png`,
  type: 'image/png',
});

/** A multipart POST with the admin token in the `token` header, as the lineage's admin app sends it. */
export async function postForm(
  base: string,
  path: string,
  form: FormData,
  token: string | undefined,
): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }> {
  const response = await fetch(new URL(path, base), {
    method: 'POST',
    headers: token === undefined ? {} : { token },
    body: form,
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

export interface ShopRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How a test runs the command line: in this process, as its own process (as the README runs it, without npm's own
 *  0.8 s start-up), or through `npm run shop --` itself. */
type ShopRunner = 'here' | 'process' | 'npm';
const SHOP_PROCESS: Record<Exclude<ShopRunner, 'here'>, readonly [string, readonly string[]]> = {
  process: [process.execPath, nodeArgsOf('api/src/admin/cli.ts')],
  npm: ['npm', ['run', '--silent', 'shop', '--']],
};

// In this process, one command at a time: better-sqlite3 waits for another connection's lock by blocking the
// thread, which would also block the connection holding it.
let herePrevious: Promise<unknown> = Promise.resolve();

/**
 * The back office's command line as the shop runs it, with this environment and, if given, typed input. By default
 * in this process (a spawned `tsx` costs 1.5 s a call); `process` for commands side by side as separate terminals
 * would run them; `npm` once, to prove the script's wiring.
 */
export function runShop(
  args: string[],
  env: Record<string, string>,
  input?: string,
  runner: ShopRunner = 'here',
): Promise<ShopRun> {
  const fullEnv = { ...process.env, LOG_LEVEL: 'silent', ...env };
  if (runner === 'here') {
    const run = herePrevious.then(() => runHere(args, fullEnv, input));
    herePrevious = run.catch(() => undefined);
    return run;
  }
  const [command, leading] = SHOP_PROCESS[runner];
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...leading, ...args], {
      cwd: ROOT,
      env: fullEnv,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input ?? '');
  });
}

async function runHere(
  args: string[],
  env: Record<string, string | undefined>,
  input: string | undefined,
): Promise<ShopRun> {
  const collect = () => {
    const chunks: Buffer[] = [];
    const stream = new Writable({
      write: (chunk: Buffer, _encoding, done) => (chunks.push(Buffer.from(chunk)), done()),
    });
    return { stream, text: () => Buffer.concat(chunks).toString() };
  };
  const [stdout, stderr] = [collect(), collect()];
  const code = await runShopCommand(args, {
    stdin: Readable.from([input ?? '']),
    stdout: stdout.stream,
    stderr: stderr.stream,
    env,
    username: userInfo().username,
  });
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}
