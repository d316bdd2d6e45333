import { describe, expect, it } from 'vitest';
import { fillDocument } from './entry-server';

describe('fillDocument', () => {
  it('fills the title and description however the template wraps them', () => {
    const template = `<html><head><title>Store</title>
      <meta
        name="description"
        content="The store."
      /></head><body><div id="root"></div></body></html>`;
    const html = fillDocument(template, {
      root: '<p>page</p>',
      title: 'Shoes & more',
      description: 'A "good" pair.',
    });
    expect(html).toContain('<title>Shoes &#38; more</title>');
    expect(html).toMatch(/name="description"\s+content="A &#34;good&#34; pair\."/);
    expect(html).toContain('<div id="root"><p>page</p></div>');
  });

  it('refuses a template without a description to fill', () => {
    expect(() =>
      fillDocument('<title>x</title><div id="root"></div>', { root: '', title: '', description: '' }),
    ).toThrow(/description/);
  });
});
