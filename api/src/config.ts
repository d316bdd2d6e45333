import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { OWASP_ARGON2ID } from './auth/password.js';

// The one place the API reads the environment: parsed once, with defaults, failing at start with a readable message.
const boolish = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

/** The URL in `value`, when it is an http(s) URL with no credentials, query or fragment. */
function httpUrl(value: string): URL | undefined {
  if (/[?#]/.test(value)) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
    return url.username === '' && url.password === '' ? url : undefined;
  } catch {
    return undefined;
  }
}

// Origins as a browser sends them in `Origin` (scheme, host, port): the same origin written another way
// (`HTTPS://Shop.example:443/`) is normalised, so the exact match against the header holds.
const originList = z
  .string()
  .default('')
  .transform((value, ctx) => {
    const origins = new Set<string>();
    for (const entry of value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const url = httpUrl(entry);
      if (url && url.pathname === '/') {
        origins.add(url.origin);
      } else {
        ctx.issues.push({
          code: 'custom',
          input: value,
          message: `"${entry}" is not an origin: write scheme://host[:port] (http or https, no path), e.g. https://shop.example`,
        });
      }
    }
    return [...origins];
  });

// Prepended to the catalogue's `/images/…` paths: an http(s) URL, perhaps with a folder; trailing slashes are
// dropped so a joined URL never holds `//`.
const assetBaseUrl = z
  .string()
  .trim()
  .default('')
  .transform((value, ctx) => {
    if (value === '') return '';
    const url = httpUrl(value);
    if (url) return url.origin + url.pathname.replace(/\/+$/, '');
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: 'must be empty or an http(s) URL without query or fragment, e.g. https://cdn.example/store',
    });
    return z.NEVER;
  });

// The back office (docs/decisions/013-back-office.md). An empty variable is the same as an unset one.
const unsetWhenEmpty = (value: unknown) => (value === '' ? undefined : value);
export const ADMIN_PASSWORD_MIN_LENGTH = 12;
const MAX_ADMIN_TOKEN_TTL_SECONDS = 24 * 3600;
// `30m`, `8h`, `90s`: an admin token's lifetime, in seconds, at most a day.
const adminTokenTtl = z
  .string()
  .default('8h')
  .transform((value, ctx) => {
    const match = /^(\d{1,6})(s|m|h)$/.exec(value.trim());
    const seconds = match ? Number(match[1]) * { s: 1, m: 60, h: 3600 }[match[2] as 's' | 'm' | 'h'] : 0;
    if (seconds >= 1 && seconds <= MAX_ADMIN_TOKEN_TTL_SECONDS) return seconds;
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: 'must be a duration from 1s to 24h, such as 90s, 30m or 8h',
    });
    return z.NEVER;
  });

const schema = z
  .object({
    API_HOST: z.string().min(1).default('127.0.0.1'),
    API_PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    DATA_DIR: z.string().min(1).default('data'),
    DATABASE_URL: z
      .string()
      .regex(/^(sqlite:|postgres(ql)?:\/\/)/, 'must start with sqlite: or postgres://')
      .optional(),
    SQLITE_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('FULL'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    TOKEN_TTL: z.string().default('30d'),
    CLERK_JWT_KEY: z.string().min(1).optional(),
    CLERK_SECRET_KEY: z.string().min(1).optional(),
    CLERK_ISSUER: z.url().optional(),
    CLERK_AUTHORIZED_PARTIES: z.string().default(''),
    TRUST_PROXY: z.string().default('127.0.0.1,::1'),
    AUTH_RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(20),
    AUTH_RATE_LIMIT_WINDOW_MS: z.coerce.number().int().min(1000).default(60_000),
    // Argon2id's cost (docs/decisions/012-password-hashing.md): OWASP's minimum by default, and never below it.
    PASSWORD_HASH_MEMORY_KIB: z.coerce
      .number()
      .int()
      .min(
        OWASP_ARGON2ID.memoryKiB,
        `must be at least ${OWASP_ARGON2ID.memoryKiB} (19 MiB, OWASP's minimum for Argon2id)`,
      )
      .max(4 * 1024 * 1024)
      .default(OWASP_ARGON2ID.memoryKiB),
    PASSWORD_HASH_ITERATIONS: z.coerce
      .number()
      .int()
      .min(
        OWASP_ARGON2ID.iterations,
        `must be at least ${OWASP_ARGON2ID.iterations} (OWASP's minimum for Argon2id)`,
      )
      .max(1000)
      .default(OWASP_ARGON2ID.iterations),
    PASSWORD_HASH_PARALLELISM: z.coerce
      .number()
      .int()
      .min(OWASP_ARGON2ID.parallelism)
      .max(64)
      .default(OWASP_ARGON2ID.parallelism),
    // Hashes at once (one per core) and hashes allowed to wait; beyond that login and sign-up get 503 with Retry-After.
    // Keep the two together below the BFF's API_CONNECTIONS (32), or bursts wait (and time out) in the BFF's pool.
    PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(availableParallelism()),
    PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(100_000).default(16),
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(64 * 1024),
    ASSET_BASE_URL: assetBaseUrl,
    // Origins (comma-separated, exact) whose pages may call the API from a browser; empty: no CORS headers at all.
    CORS_ORIGINS: originList,
    // For clients that read a failure's message only from a 200 (axios toasts): failures of known endpoints
    // are sent with status 200; an unreadable body (400/413/415) and an unknown endpoint (404) keep theirs.
    FAILURES_AS_200: boolish.default(false),
    SEED_CATALOG: boolish.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    // Set by the start script and the tests: stop when the process that started this one is gone (even by kill -9).
    EXIT_WITH_PARENT: boolish.default(false),
    // The shop's administrator (the admin contract): none when ADMIN_EMAIL is unset, and every admin call is refused.
    ADMIN_EMAIL: z.preprocess(
      unsetWhenEmpty,
      z
        .email({ error: 'must be an email address' })
        .transform((email) => email.toLowerCase())
        .optional(),
    ),
    ADMIN_PASSWORD: z.preprocess(
      unsetWhenEmpty,
      z
        .string()
        .min(ADMIN_PASSWORD_MIN_LENGTH, `must be at least ${ADMIN_PASSWORD_MIN_LENGTH} characters`)
        .max(128)
        .optional(),
    ),
    // What `npm run shop -- admin-password` prints, instead of the password itself.
    ADMIN_PASSWORD_HASH: z.preprocess(
      unsetWhenEmpty,
      z
        .string()
        .regex(
          /^(\$argon2|scrypt\$)/,
          'must be a password hash, as `npm run shop -- admin-password` prints it ($argon2id$…)',
        )
        .optional(),
    ),
    ADMIN_TOKEN_TTL: adminTokenTtl,
    // The largest product image `POST /api/product/add` takes, per file.
    IMAGE_UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(64 * 1024 * 1024)
      .default(5 * 1024 * 1024),
  })
  .superRefine((env, ctx) => {
    if ((env.CLERK_JWT_KEY || env.CLERK_SECRET_KEY) && !env.CLERK_ISSUER) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLERK_ISSUER'],
        message:
          'is required when CLERK_JWT_KEY or CLERK_SECRET_KEY is set (the Frontend API URL of your Clerk instance)',
      });
    }
    const adminPasswords = [env.ADMIN_PASSWORD, env.ADMIN_PASSWORD_HASH].filter(
      (v) => v !== undefined,
    ).length;
    if (env.ADMIN_EMAIL !== undefined && adminPasswords !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_PASSWORD'],
        message:
          'set exactly one of ADMIN_PASSWORD and ADMIN_PASSWORD_HASH with ADMIN_EMAIL (npm run shop -- admin-password prints a hash)',
      });
    }
    if (env.ADMIN_EMAIL === undefined && adminPasswords > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['ADMIN_EMAIL'],
        message: "is required with an administrator's password",
      });
    }
  });

export type ApiConfig = z.infer<typeof schema>;

export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  const result = schema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid API configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
