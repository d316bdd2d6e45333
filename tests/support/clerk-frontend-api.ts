import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Request, Route } from 'playwright-core';
import * as z from 'zod';
import { CLERK_JS_VERSION, clerkJsDist } from './clerk-js.js';
import { createClerkStandIn } from './clerk-stand-in.js';

// A local stand-in for a Clerk development instance's Frontend API, answering the real clerk-js in the page
// through Playwright's request routing. Clerk's hosted service cannot be reached here; everything the browser
// would fetch from it (the clerk-js bundle, the JSON API, avatars, telemetry) is answered from this module, with
// the shapes clerk-js 5 reads (@clerk/shared's EnvironmentJSON, ClientJSON, SignInJSON, SessionJSON, UserJSON).
// Session tokens are RS256 JWTs from the same key pair the API is given as CLERK_JWT_KEY.

/** A development instance's host: clerk-js treats `*.accounts.dev` as one, so it runs the dev-browser flow. */
export const FRONTEND_API_HOST = 'store-test.clerk.accounts.dev';
/** Other origins clerk-js and its UI reach for, answered here too (see `answeredElsewhere`). */
export const TELEMETRY_ORIGIN = 'https://clerk-telemetry.com';
export const IMAGE_ORIGIN = 'https://img.clerk.com';

export function publishableKeyFor(host: string): string {
  return `pk_test_${Buffer.from(`${host}$`).toString('base64')}`;
}

/** What the Clerk journeys' web app is built with: the key of the stand-in at its default host. */
export const CLERK_WEB_ENV = { VITE_CLERK_PUBLISHABLE_KEY: publishableKeyFor(FRONTEND_API_HOST) } as const;

/** Ways to make the stand-in misbehave, per browser context. */
export interface FrontendApiFaults {
  /** The clerk-js bundle: answered 500, the connection aborted, or held until the promise settles. */
  script?: 'status500' | 'aborted' | { heldUntil: Promise<void> };
  /** GET /v1/environment answered 500 (clerk-js then carries on "degraded"). */
  environment?: 'status500';
}

export interface ClerkAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

interface User extends ClerkAccount {
  id: string;
  emailId: string;
  createdAt: number;
}

interface Session {
  id: string;
  userId: string;
  status: 'active' | 'ended' | 'removed';
  createdAt: number;
  lastActiveAt: number;
}

interface SignIn {
  id: string;
  identifier: string;
  userId: string;
  status: 'needs_first_factor' | 'complete';
  createdSessionId: string | null;
  passwordVerified: boolean;
}

/** One browser's client, found by its dev-browser id (clerk-js sends it as `__clerk_db_jwt` on every call). */
interface Client {
  id: string;
  sessions: Session[];
  signIn: SignIn | null;
  lastActiveSessionId: string | null;
  createdAt: number;
  updatedAt: number;
}

type Json = Record<string, unknown>;

const DAY = 24 * 60 * 60 * 1000;
const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

// Bodies clerk-js sends, form-encoded (its FAPI client stringifies them with qs, keys in snake_case).
const signInCreateBody = z.object({
  identifier: z.string().min(1),
  strategy: z.string().optional(),
  password: z.string().optional(),
  locale: z.string().optional(),
});
const firstFactorBody = z.object({ strategy: z.literal('password'), password: z.string() });

function clerkError(
  status: number,
  code: string,
  message: string,
  meta: Json = {},
): { status: number; body: Json } {
  return {
    status,
    body: { errors: [{ code, message, long_message: message, meta }], clerk_trace_id: id('trace') },
  };
}

const attribute = (enabled: boolean, extra: Json = {}): Json => ({
  enabled,
  required: enabled,
  verifications: [],
  used_for_first_factor: false,
  first_factors: [],
  used_for_second_factor: false,
  second_factors: [],
  verify_at_sign_up: false,
  ...extra,
});

/** The environment of an instance with email + password sign-in and nothing else (no social, no organizations). */
function environmentJson(host: string): Json {
  const home = 'https://store.test';
  return {
    object: 'environment',
    id: 'env_stand_in',
    auth_config: {
      object: 'auth_config',
      id: 'aac_stand_in',
      single_session_mode: true,
      claimed_at: null,
      reverification: false,
    },
    display_config: {
      object: 'display_config',
      id: 'display_config_stand_in',
      instance_environment_type: 'development',
      application_name: 'Kadam',
      theme: {
        buttons: { font_color: '#ffffff', font_family: 'sans-serif', font_weight: '600' },
        general: {
          color: '#111111',
          padding: '1em',
          box_shadow: '0 2px 8px rgba(0, 0, 0, 0.2)',
          font_color: '#151515',
          font_family: 'sans-serif',
          border_radius: '0.5em',
          background_color: '#ffffff',
          label_font_weight: '600',
        },
        accounts: { background_color: '#f2f2f2' },
      },
      preferred_sign_in_strategy: 'password',
      logo_image_url: '',
      favicon_image_url: '',
      home_url: home,
      sign_in_url: `https://${host.replace('clerk.', 'accounts.')}/sign-in`,
      sign_up_url: `https://${host.replace('clerk.', 'accounts.')}/sign-up`,
      user_profile_url: `https://${host.replace('clerk.', 'accounts.')}/user`,
      waitlist_url: `https://${host.replace('clerk.', 'accounts.')}/waitlist`,
      after_sign_in_url: home,
      after_sign_up_url: home,
      after_sign_out_one_url: home,
      after_sign_out_all_url: home,
      after_switch_session_url: home,
      after_join_waitlist_url: home,
      organization_profile_url: home,
      create_organization_url: home,
      after_leave_organization_url: home,
      after_create_organization_url: home,
      support_email: '',
      branded: true,
      captcha_public_key: null,
      captcha_widget_type: null,
      captcha_public_key_invisible: null,
      captcha_provider: 'turnstile',
      captcha_oauth_bypass: null,
      show_devmode_warning: true,
      terms_url: '',
      privacy_policy_url: '',
      clerk_js_version: '5',
    },
    user_settings: {
      attributes: {
        email_address: attribute(true, {
          verifications: ['email_code'],
          used_for_first_factor: true,
          first_factors: ['email_code'],
          verify_at_sign_up: true,
        }),
        phone_number: attribute(false),
        username: attribute(false),
        web3_wallet: attribute(false),
        first_name: attribute(false),
        last_name: attribute(false),
        password: attribute(true),
        authenticator_app: attribute(false),
        backup_code: attribute(false),
        passkey: attribute(false),
      },
      actions: { delete_self: true, create_organization: false },
      social: {},
      saml: { enabled: false },
      enterprise_sso: { enabled: false },
      sign_in: { second_factor: { required: false, enabled: false } },
      sign_up: {
        allowlist_only: false,
        progressive: true,
        captcha_enabled: false,
        mode: 'public',
        legal_consent_enabled: false,
      },
      password_settings: {
        allowed_special_characters: '',
        disable_hibp: true,
        min_length: 8,
        max_length: 72,
        require_special_char: false,
        require_numbers: false,
        require_uppercase: false,
        require_lowercase: false,
        show_zxcvbn: false,
        min_zxcvbn_strength: 0,
      },
      passkey_settings: { allow_autofill: false, show_sign_in_button: false },
      username_settings: { min_length: 4, max_length: 64 },
    },
    organization_settings: {
      enabled: false,
      max_allowed_memberships: 5,
      force_organization_selection: false,
      actions: { admin_delete: false },
      domains: { enabled: false, enrollment_modes: [], default_role: null },
      slug: { disabled: true },
      organization_creation_defaults: { enabled: false },
    },
    commerce_settings: {
      object: 'commerce_settings',
      id: 'commerce_settings_stand_in',
      billing: {
        stripe_publishable_key: null,
        organization: { enabled: false, has_paid_plans: false },
        user: { enabled: false, has_paid_plans: false },
      },
    },
    api_keys_settings: {
      object: 'api_keys_settings',
      id: 'api_keys_settings_stand_in',
      user_api_keys_enabled: false,
      orgs_api_keys_enabled: false,
    },
    protect_config: { object: 'protect_config', id: 'protect_config_stand_in' },
    maintenance_mode: false,
  };
}

export type ClerkFrontendApi = Awaited<ReturnType<typeof createClerkFrontendApi>>;

export async function createClerkFrontendApi(host = FRONTEND_API_HOST) {
  const origin = `https://${host}`;
  const keys = createClerkStandIn(origin);
  const dist = await clerkJsDist();
  const users = new Map<string, User>();
  const clients = new Map<string, Client>();
  /** Every session token handed out, so a test can tell the stand-in's tokens from anything else. */
  const mintedTokens = new Set<string>();
  /** Calls this stand-in has no answer for (answered 404 as Clerk would): a test fails on any. */
  const unhandled: string[] = [];
  /** Every call to the Frontend API, as "METHOD /path" (with `_method` applied), for assertions and debugging. */
  const calls: string[] = [];
  /** Origins other than the Frontend API that were asked for something, and answered here. */
  const answeredElsewhere = new Set<string>();

  async function token(session: Session, requestOrigin: string | undefined): Promise<string> {
    const jwt = await keys.sessionToken(session.userId, {
      sid: session.id,
      azp: requestOrigin ?? 'http://localhost',
    });
    mintedTokens.add(jwt);
    return jwt;
  }

  function userJson(user: User): Json {
    const now = Date.now();
    const verification = {
      object: 'verification',
      id: id('ver'),
      status: 'verified',
      strategy: 'email_code',
      attempts: 1,
      expire_at: now + DAY,
    };
    return {
      object: 'user',
      id: user.id,
      external_id: null,
      primary_email_address_id: user.emailId,
      primary_phone_number_id: null,
      primary_web3_wallet_id: null,
      image_url: `${IMAGE_ORIGIN}/${Buffer.from(JSON.stringify({ type: 'default', initials: `${user.firstName[0] ?? ''}${user.lastName[0] ?? ''}` })).toString('base64url')}`,
      has_image: false,
      username: null,
      email_addresses: [
        {
          object: 'email_address',
          id: user.emailId,
          email_address: user.email,
          verification,
          linked_to: [],
          matches_sso_connection: false,
        },
      ],
      phone_numbers: [],
      web3_wallets: [],
      external_accounts: [],
      enterprise_accounts: [],
      passkeys: [],
      saml_accounts: [],
      organization_memberships: [],
      password_enabled: true,
      profile_image_id: '',
      first_name: user.firstName,
      last_name: user.lastName,
      totp_enabled: false,
      backup_code_enabled: false,
      two_factor_enabled: false,
      public_metadata: {},
      unsafe_metadata: {},
      last_sign_in_at: now,
      create_organization_enabled: false,
      create_organizations_limit: null,
      delete_self_enabled: true,
      legal_accepted_at: null,
      updated_at: user.createdAt,
      created_at: user.createdAt,
    };
  }

  async function sessionJson(session: Session, requestOrigin: string | undefined): Promise<Json> {
    const user = [...users.values()].find((u) => u.id === session.userId)!;
    return {
      object: 'session',
      id: session.id,
      status: session.status,
      factor_verification_age: [0, -1],
      expire_at: session.createdAt + 7 * DAY,
      abandon_at: session.createdAt + 30 * DAY,
      last_active_at: session.lastActiveAt,
      last_active_token:
        session.status === 'active' ? { object: 'token', jwt: await token(session, requestOrigin) } : null,
      last_active_organization_id: null,
      actor: null,
      tasks: null,
      user: userJson(user),
      public_user_data: {
        first_name: user.firstName,
        last_name: user.lastName,
        image_url: userJson(user).image_url,
        has_image: false,
        identifier: user.email,
        user_id: user.id,
      },
      created_at: session.createdAt,
      updated_at: session.lastActiveAt,
    };
  }

  function signInJson(signIn: SignIn): Json {
    const user = [...users.values()].find((u) => u.id === signIn.userId)!;
    return {
      object: 'sign_in',
      id: signIn.id,
      status: signIn.status,
      supported_identifiers: ['email_address'],
      identifier: signIn.identifier,
      user_data: {
        first_name: user.firstName,
        last_name: user.lastName,
        image_url: userJson(user).image_url,
        has_image: false,
      },
      supported_first_factors: [
        { strategy: 'password' },
        {
          strategy: 'email_code',
          safe_identifier: user.email,
          email_address_id: user.emailId,
          primary: true,
        },
      ],
      supported_second_factors: null,
      first_factor_verification: signIn.passwordVerified
        ? {
            object: 'verification',
            id: id('ver'),
            status: 'verified',
            strategy: 'password',
            attempts: 1,
            expire_at: null,
          }
        : null,
      second_factor_verification: null,
      created_session_id: signIn.createdSessionId,
      abandon_at: Date.now() + DAY,
    };
  }

  async function clientJson(client: Client, requestOrigin: string | undefined): Promise<Json> {
    const live = client.sessions.filter((s) => s.status === 'active');
    return {
      object: 'client',
      id: client.id,
      sessions: await Promise.all(live.map((s) => sessionJson(s, requestOrigin))),
      sign_in: client.signIn && client.signIn.status !== 'complete' ? signInJson(client.signIn) : null,
      sign_up: null,
      last_active_session_id: live.some((s) => s.id === client.lastActiveSessionId)
        ? client.lastActiveSessionId
        : null,
      last_authentication_strategy: null,
      cookie_expires_at: null,
      captcha_bypass: false,
      created_at: client.createdAt,
      updated_at: client.updatedAt,
    };
  }

  function newClient(): Client {
    const now = Date.now();
    return {
      id: id('client'),
      sessions: [],
      signIn: null,
      lastActiveSessionId: null,
      createdAt: now,
      updatedAt: now,
    };
  }

  function endSessions(client: Client, status: Session['status'], only?: string): void {
    for (const session of client.sessions)
      if (only === undefined || session.id === only) session.status = status;
    client.lastActiveSessionId = null;
    client.updatedAt = Date.now();
  }

  /** The JSON API: `{ status, body }` for one call, or undefined when the stand-in has no answer. */
  async function answer(
    method: string,
    pathname: string,
    form: Json,
    client: Client,
    requestOrigin: string | undefined,
    faults: FrontendApiFaults,
  ) {
    const wrap = async (response: unknown) => ({
      status: 200,
      body: { response, client: await clientJson(client, requestOrigin) },
    });
    if (pathname === '/v1/environment' && (method === 'GET' || method === 'PATCH')) {
      if (faults.environment === 'status500')
        return clerkError(500, 'internal_clerk_error', 'Oops, an unexpected error occurred');
      return { status: 200, body: environmentJson(host) };
    }
    if (pathname === '/v1/client') {
      if (method === 'GET')
        return { status: 200, body: { response: await clientJson(client, requestOrigin), client: null } };
      if (method === 'PUT' || method === 'POST') return wrap(await clientJson(client, requestOrigin));
      if (method === 'DELETE') {
        endSessions(client, 'ended');
        client.signIn = null;
        return {
          status: 200,
          body: {
            response: { object: 'client', id: client.id, deleted: true },
            client: await clientJson(client, requestOrigin),
          },
        };
      }
    }
    if (pathname === '/v1/client/sign_ins' && method === 'POST') {
      const body = signInCreateBody.safeParse(form);
      if (!body.success)
        return clerkError(422, 'form_param_missing', 'Enter an email address.', { param_name: 'identifier' });
      const user = users.get(body.data.identifier.trim().toLowerCase());
      if (!user)
        return clerkError(422, 'form_identifier_not_found', "Couldn't find your account.", {
          param_name: 'identifier',
        });
      const signIn: SignIn = {
        id: id('sia'),
        identifier: user.email,
        userId: user.id,
        status: 'needs_first_factor',
        createdSessionId: null,
        passwordVerified: false,
      };
      client.signIn = signIn;
      if (body.data.strategy === 'password') {
        const attempt = completeWithPassword(client, signIn, user, body.data.password ?? '');
        if (attempt) return attempt;
      }
      return wrap(signInJson(signIn));
    }
    const signInAction = /^\/v1\/client\/sign_ins\/([^/]+)(?:\/([a-z_]+))?$/.exec(pathname);
    if (signInAction) {
      const signIn = client.signIn?.id === signInAction[1] ? client.signIn : null;
      if (!signIn) return clerkError(404, 'resource_not_found', 'No sign in was found.');
      if (signInAction[2] === undefined && method === 'GET') return wrap(signInJson(signIn));
      if (signInAction[2] === 'attempt_first_factor' && method === 'POST') {
        const body = firstFactorBody.safeParse(form);
        if (!body.success)
          return clerkError(422, 'strategy_for_user_invalid', 'Only password sign-in is set up here.', {
            param_name: 'strategy',
          });
        const user = [...users.values()].find((u) => u.id === signIn.userId)!;
        const attempt = completeWithPassword(client, signIn, user, body.data.password);
        return attempt ?? wrap(signInJson(signIn));
      }
    }
    // Signing out of every session at once (what clerk-js's signOut() does in single-session mode).
    if (pathname === '/v1/client/sessions' && method === 'DELETE') {
      endSessions(client, 'removed');
      return wrap(await clientJson(client, requestOrigin));
    }
    const sessionAction = /^\/v1\/client\/sessions\/([^/]+)\/([a-z_]+)$/.exec(pathname);
    if (sessionAction && method === 'POST') {
      const session = client.sessions.find((s) => s.id === sessionAction[1]);
      if (!session) return clerkError(404, 'resource_not_found', 'Session not found.');
      switch (sessionAction[2]) {
        case 'touch':
          if (session.status !== 'active')
            return clerkError(401, 'authentication_invalid', 'The session is no longer active.');
          session.lastActiveAt = Date.now();
          client.lastActiveSessionId = session.id;
          return wrap(await sessionJson(session, requestOrigin));
        case 'tokens':
          // Token calls answer the bare token, as Clerk's do.
          if (session.status !== 'active')
            return clerkError(401, 'authentication_invalid', 'The session is no longer active.');
          return { status: 200, body: { object: 'token', jwt: await token(session, requestOrigin) } };
        case 'remove':
        case 'end':
          endSessions(client, sessionAction[2] === 'remove' ? 'removed' : 'ended', session.id);
          return wrap({ ...(await sessionJson(session, requestOrigin)), last_active_token: null });
      }
    }
    return undefined;
  }

  function completeWithPassword(client: Client, signIn: SignIn, user: User, password: string) {
    if (password !== user.password) {
      return clerkError(
        422,
        'form_password_incorrect',
        'Password is incorrect. Try again, or use another method.',
        {
          param_name: 'password',
        },
      );
    }
    const now = Date.now();
    const session: Session = {
      id: id('sess'),
      userId: user.id,
      status: 'active',
      createdAt: now,
      lastActiveAt: now,
    };
    // Single-session mode: a new sign-in replaces whoever was signed in on this browser.
    endSessions(client, 'ended');
    client.sessions.push(session);
    client.lastActiveSessionId = session.id;
    signIn.status = 'complete';
    signIn.passwordVerified = true;
    signIn.createdSessionId = session.id;
    client.updatedAt = now;
    return undefined;
  }

  function corsHeaders(request: Request): Record<string, string> {
    const requestOrigin = request.headers().origin;
    // The API is called with credentials, so the origin is echoed (a wildcard would be refused by the browser).
    return requestOrigin
      ? {
          'access-control-allow-origin': requestOrigin,
          'access-control-allow-credentials': 'true',
          vary: 'Origin',
        }
      : { 'access-control-allow-origin': '*' };
  }

  async function serveScript(route: Route, request: Request, faults: FrontendApiFaults): Promise<void> {
    const url = new URL(request.url());
    const file = /^\/npm\/@clerk\/clerk-js@[^/]+\/dist\/([\w.-]+\.js)$/.exec(url.pathname)?.[1];
    if (file === undefined) {
      unhandled.push(`${request.method()} ${url.pathname}`);
      return route.fulfill({ status: 404, body: 'Not found' });
    }
    if (file === 'clerk.browser.js' && faults.script !== undefined) {
      if (faults.script === 'status500')
        return route.fulfill({ status: 500, headers: corsHeaders(request), body: 'Internal error' });
      if (faults.script === 'aborted') return route.abort('connectionreset');
      await faults.script.heldUntil;
    }
    const body = await readFile(path.join(dist, file)).catch(() => undefined);
    if (body === undefined) {
      unhandled.push(`${request.method()} ${url.pathname}`);
      return route.fulfill({ status: 404, body: 'Not found' });
    }
    return route.fulfill({
      status: 200,
      headers: {
        ...corsHeaders(request),
        'content-type': 'application/javascript; charset=utf-8',
        'x-clerk-js-version': CLERK_JS_VERSION,
      },
      body,
    });
  }

  async function serveApi(route: Route, request: Request, faults: FrontendApiFaults): Promise<void> {
    const url = new URL(request.url());
    const method = (url.searchParams.get('_method') ?? request.method()).toUpperCase();
    const requestOrigin = request.headers().origin;
    calls.push(`${method} ${url.pathname}`);
    if (request.method() === 'OPTIONS') {
      return route.fulfill({
        status: 204,
        headers: {
          ...corsHeaders(request),
          'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE',
          'access-control-allow-headers': request.headers()['access-control-request-headers'] ?? '',
        },
      });
    }
    const json = (status: number, body: unknown) =>
      route.fulfill({
        status,
        headers: { ...corsHeaders(request), 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // A development instance: each browser gets a dev-browser id first and sends it back on every call.
    if (url.pathname === '/v1/dev_browser' && method === 'POST') {
      const devBrowser = id('dvb');
      clients.set(devBrowser, newClient());
      return json(200, { object: 'dev_browser', id: devBrowser });
    }
    const client = clients.get(url.searchParams.get('__clerk_db_jwt') ?? '');
    if (!client) {
      const error = clerkError(
        401,
        'dev_browser_unauthenticated',
        'Unable to authenticate the development browser.',
      );
      return json(error.status, error.body);
    }
    const form = Object.fromEntries(new URLSearchParams(request.postData() ?? ''));
    const result = await answer(method, url.pathname, form, client, requestOrigin, faults);
    if (result) return json(result.status, result.body);
    unhandled.push(`${method} ${url.pathname}`);
    const error = clerkError(404, 'resource_not_found', `No ${method} ${url.pathname} in the stand-in.`);
    return json(error.status, error.body);
  }

  return {
    host,
    origin,
    issuer: keys.issuer,
    publicKeyPem: keys.publicKeyPem,
    publishableKey: publishableKeyFor(host),
    mintedTokens,
    unhandled,
    calls,
    answeredElsewhere,

    addAccount(account: ClerkAccount): void {
      users.set(account.email.toLowerCase(), {
        ...account,
        id: id('user'),
        emailId: id('idn'),
        createdAt: Date.now(),
      });
    },

    /** The Clerk user id of an account, as the session tokens carry it in `sub`. */
    userIdOf(email: string): string {
      const user = users.get(email.toLowerCase());
      if (!user) throw new Error(`No stand-in account ${email}`);
      return user.id;
    },

    /** Answers everything the page asks of Clerk's origins in this context. */
    async attach(context: BrowserContext, faults: FrontendApiFaults = {}): Promise<void> {
      await context.route(`${origin}/**`, async (route, request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/npm/')) return serveScript(route, request, faults);
        return serveApi(route, request, faults);
      });
      // Avatars: a plain initials picture, as Clerk's image service answers for users without a photo.
      await context.route(`${IMAGE_ORIGIN}/**`, async (route, request) => {
        answeredElsewhere.add(IMAGE_ORIGIN);
        const svg =
          '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#6c47ff"/></svg>';
        await route.fulfill({
          status: 200,
          headers: { ...corsHeaders(request), 'content-type': 'image/svg+xml' },
          body: svg,
        });
      });
      // Development instances report component usage; accepted and dropped.
      await context.route(`${TELEMETRY_ORIGIN}/**`, async (route, request) => {
        answeredElsewhere.add(TELEMETRY_ORIGIN);
        await route.fulfill({
          status: 200,
          headers: { ...corsHeaders(request), 'content-type': 'application/json' },
          body: '{}',
        });
      });
    },
  };
}
