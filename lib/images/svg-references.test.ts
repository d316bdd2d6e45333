import { describe, expect, it } from 'vitest';
import { externalReferenceIn } from './svg-references.js';

const svg = (body: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`;

describe('externalReferenceIn', () => {
  it('takes art that refers only inside itself', () => {
    expect(
      externalReferenceIn(svg('<defs><linearGradient id="g"/></defs><rect fill="url(#g)"/><use href="#g"/>')),
    ).toBeUndefined();
    expect(
      externalReferenceIn(svg("<use xlink:href='#shoe'/><path style=\"fill:url( '#g')\"/>")),
    ).toBeUndefined();
  });

  it('finds every way out of the document', () => {
    expect(externalReferenceIn(svg('<use xlink:href="sprite.svg#shoe"/>'))).toMatch(/href/);
    expect(externalReferenceIn(svg('<a href="https://example.com">x</a>'))).toMatch(/href/);
    expect(externalReferenceIn(svg('<use href=" #g"/>'))).toMatch(/href/);
    expect(externalReferenceIn(svg('<use href="&#104;ttp://x/y.svg#a"/>'))).toMatch(/href/);
    expect(externalReferenceIn(svg('<image width="1" height="1"/>'))).toMatch(/image/);
    expect(externalReferenceIn(svg('<style>@import "http://x/a.css";</style>'))).toBeDefined();
    expect(externalReferenceIn(svg('<rect style="fill:url(http://x/p.svg#g)"/>'))).toMatch(/url/);
    expect(externalReferenceIn(svg('<rect fill="url(data:image/png;base64,AAAA)"/>'))).toMatch(/url/);
    expect(
      externalReferenceIn(`<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>${svg('&x;')}`),
    ).toMatch(/entity/);
    expect(externalReferenceIn(svg('<foreignObject><div/></foreignObject>'))).toMatch(/foreignObject/);
  });
});
