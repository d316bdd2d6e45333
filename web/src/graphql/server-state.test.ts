import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPrerenderedFor } from '../shared/route-table';
import { readServerState, serializeServerState } from './server-state';

describe('server state in the page', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('round-trips the results, and no text in them can close the element or start markup', () => {
    const state = [
      {
        operationName: 'ProductDetail',
        variables: { id: '1' },
        data: { product: { __typename: 'Product', id: '1', name: '</script><script>alert(1)</script><!--' } },
      },
    ];
    const html = serializeServerState(state);
    // One element: the product's text did not end it.
    expect(html.match(/<\/script>/g)).toHaveLength(1);
    const content = html.slice(html.indexOf('>') + 1, -'</script>'.length);
    expect(content).not.toContain('<');
    document.body.innerHTML = `<div id="root"></div>${html}`;
    expect(readServerState(document)).toEqual(state);
  });

  it('ignores a page without state, and warns about state that is not a list of results', () => {
    expect(readServerState(document)).toBeUndefined();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const wrong = [
      '{broken',
      '[1,2]',
      'null',
      '"text"',
      '{"ROOT_QUERY":{}}',
      '[{"operationName":"A","variables":{}}]',
    ];
    for (const text of wrong) {
      document.body.innerHTML = `<script type="application/json" id="server-state">${text}</script>`;
      expect(readServerState(document), text).toBeUndefined();
    }
    expect(warn).toHaveBeenCalledTimes(wrong.length);
  });
});

describe('which URL the served HTML was rendered for', () => {
  it('matches a build-time shell only without a query string, and a server-rendered page only on its exact URL', () => {
    expect(isPrerenderedFor('/collection', '/collection')).toBe(true);
    expect(isPrerenderedFor('/collection', '/collection/')).toBe(true);
    expect(isPrerenderedFor('/collection', '/collection', '?category=MEN')).toBe(false);
    expect(isPrerenderedFor('/collection?category=MEN', '/collection', '?category=MEN')).toBe(true);
    expect(isPrerenderedFor('/collection?category=MEN', '/collection', '?category=WOMEN')).toBe(false);
    expect(isPrerenderedFor('/collection?category=MEN', '/collection')).toBe(false);
    expect(isPrerenderedFor('/product/a', '/product/b')).toBe(false);
    expect(isPrerenderedFor(undefined, '/')).toBe(false);
  });
});
