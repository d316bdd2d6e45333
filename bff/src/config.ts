import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';

// The one place the BFF reads the environment: parsed once, failing at start with a readable message.
const boolish = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  BFF_HOST: z.string().min(1).default('127.0.0.1'),
  BFF_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Absolute URLs in answers name it, never the request's Host, which the client picks. Unset: the BFF's own.
  PUBLIC_URL: z
    .string()
    .trim()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const url = URL.canParse(value) ? new URL(value) : undefined;
      if (
        url &&
        /^https?:$/.test(url.protocol) &&
        url.pathname === '/' &&
        `${url.username}${url.search}${url.hash}` === ''
      )
        return url.origin;
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: 'must be an http(s) origin with no path, e.g. https://shop.example',
      });
      return z.NEVER;
    }),
  API_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as http://127.0.0.1:4000' })
    .default('http://127.0.0.1:4000'),
  API_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(5000),
  API_CONNECTIONS: z.coerce.number().int().min(1).max(1024).default(32),
  CATALOG_TTL_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  // From a list backend: each MiB is some 2,000 products and 10 MiB of the BFF's memory once parsed.
  CATALOG_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(2 * 1024 ** 3)
    .default(128 * 1024 * 1024),
  GRAPHQL_INTROSPECTION: boolish.optional(),
  GRAPHQL_IDE: boolish.optional(),
  WEB_DIST: z.string().min(1).default('web/dist'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  // Set by the start script and the tests: stop when the parent is gone (even by kill -9).
  EXIT_WITH_PARENT: boolish.default(false),
  CORS_ORIGINS: z.string().default(''),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(100 * 1024),
  // The admin contract through the public /api/* pass-through, off by default (docs/decisions/013).
  ADMIN_API_FORWARDING: boolish.default(false),
  // Behind a load balancer, the addresses (comma-separated) or hop count whose X-Forwarded-For is believed.
  TRUST_PROXY: z.string().default(''),
  // The image optimizer (site/image-optimizer.ts); beyond the queue, encodes are answered 503.
  IMAGE_CACHE_DIR: z.string().min(1).default(path.join(tmpdir(), 'footwear-image-cache')),
  IMAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .default(512 * 1024 * 1024),
  IMAGE_SOURCE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(64 * 1024)
    .max(1024 * 1024 * 1024)
    .default(25 * 1024 * 1024),
  IMAGE_SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  IMAGE_ENCODE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(Math.min(4, availableParallelism())),
  IMAGE_ENCODE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  // When set, the Content-Security-Policy lets Clerk's origins in.
  VITE_CLERK_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9+/=]+$/, 'must be a Clerk publishable key (pk_test_… or pk_live_…)')
    .optional(),
});

type RawConfig = z.infer<typeof schema>;

export interface BffConfig extends Omit<RawConfig, 'GRAPHQL_INTROSPECTION' | 'GRAPHQL_IDE' | 'CORS_ORIGINS'> {
  GRAPHQL_INTROSPECTION: boolean;
  GRAPHQL_IDE: boolean;
  CORS_ORIGINS: string[];
}

export function loadBffConfig(env: Record<string, string | undefined> = process.env): BffConfig {
  // An empty variable means "use the default", as it does in a shell `VAR= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid BFF configuration:\n${lines.join('\n')}`);
  }
  const raw = result.data;
  const development = raw.NODE_ENV !== 'production';
  return {
    ...raw,
    GRAPHQL_INTROSPECTION: raw.GRAPHQL_INTROSPECTION ?? development,
    GRAPHQL_IDE: raw.GRAPHQL_IDE ?? development,
    CORS_ORIGINS: raw.CORS_ORIGINS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
