import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { clerkConnectOrigins, clerkOrigins, registerSecurityHeaders } from './security-headers.js';

describe("Clerk's origins in the Content-Security-Policy", () => {
  it('are none without a publishable key', () => {
    expect(clerkOrigins(undefined)).toEqual([]);
  });

  it("come from the key's encoded Frontend API host", () => {
    const key = `pk_test_${Buffer.from('happy-shoe-12.clerk.accounts.dev$').toString('base64')}`;
    expect(clerkOrigins(key)).toContain('https://happy-shoe-12.clerk.accounts.dev');
  });

  it('refuse a key whose host is not a host name', () => {
    const key = `pk_live_${Buffer.from('evil.com; script-src *$').toString('base64')}`;
    expect(clerkOrigins(key)).toEqual([]);
  });
});

describe("Clerk's origins the page may connect to", () => {
  const host = Buffer.from('happy-shoe-12.clerk.accounts.dev$').toString('base64');

  it("include Clerk's telemetry for a development instance, whose clerk-js reports to it", () => {
    expect(clerkConnectOrigins(`pk_test_${host}`)).toEqual([
      ...clerkOrigins(`pk_test_${host}`),
      'https://clerk-telemetry.com',
    ]);
  });

  it('are the Frontend API and its CDN for a production instance, and none without a key', () => {
    expect(clerkConnectOrigins(`pk_live_${host}`)).toEqual(clerkOrigins(`pk_live_${host}`));
    expect(clerkConnectOrigins(undefined)).toEqual([]);
  });
});

describe("the page policy's image origins", () => {
  it("are checked for a page's request, and a file's request keeps the last ones", async () => {
    const asked: string[] = [];
    const app = Fastify();
    registerSecurityHeaders(app, {
      clerkPublishableKey: undefined,
      imageSources: {
        refresh: () => {
          asked.push('checked');
          return Promise.resolve();
        },
        current: () => ['https://cdn.example'],
      },
    });
    app.get('/*', (_request, reply) => reply.send('ok'));
    for (const url of ['/', '/collection?categories=MEN', '/product/p1']) {
      asked.length = 0;
      const page = await app.inject({ url });
      expect(asked, url).toEqual(['checked']);
      expect(page.headers['content-security-policy'], url).toContain('https://cdn.example');
    }
    for (const url of ['/videos/portrait/hero-1.webm', '/features/about-640.avif', '/favicon.svg?v=2']) {
      asked.length = 0;
      const file = await app.inject({ url });
      expect(asked, url).toEqual([]);
      expect(file.headers['content-security-policy'], url).toContain('https://cdn.example');
    }
    await app.close();
  });
});
