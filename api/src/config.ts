import { z } from 'zod';

// The one place the API reads the environment: parsed once, with defaults, failing at start with a readable message.
const boolish = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1');

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
    for (const entry of value.split(',').map((s) => s.trim()).filter(Boolean)) {
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
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(64 * 1024),
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
  })
  .superRefine((env, ctx) => {
    if ((env.CLERK_JWT_KEY || env.CLERK_SECRET_KEY) && !env.CLERK_ISSUER) {
      ctx.addIssue({
        code: 'custom',
        path: ['CLERK_ISSUER'],
        message: 'is required when CLERK_JWT_KEY or CLERK_SECRET_KEY is set (the Frontend API URL of your Clerk instance)',
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
