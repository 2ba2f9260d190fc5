/**
 * engine/form/uri-resolver.ts stands in for fast-uri inside rjsf (vite.config.ts). Oracle: fast-uri itself (still a
 * dependency of ajv on the server), over the `$id`s and `$ref`s a JSON schema uses.
 */
import fc from 'fast-check';
import fastUri from 'fast-uri';
import { equal, resolve } from '../../../engine/form/uri-resolver.ts';

const segment = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
const host = fc.constantFrom('schemas.example.com', 'Schemas.Example.COM', 'localhost:8080', 'example.org:443');
const scheme = fc.constantFrom('https', 'http', 'HTTPS');
const fragment = fc.option(fc.constantFrom('#', '#/definitions/a', '#/$defs/b%20c', '#anchor'), { nil: '' });
const base = fc
  .tuple(scheme, host, fc.array(segment, { maxLength: 3 }), fc.boolean())
  .map(
    ([s, h, path, file]) =>
      `${s}://${h}/${path.join('/')}${path.length && !file ? '/' : ''}${file ? 'schema.json' : ''}`,
  );
const ref = fc.oneof(
  fragment.filter((f) => f !== ''),
  fc
    .tuple(fc.array(fc.constantFrom('..', '.', 'a', 'b'), { maxLength: 3 }), segment, fragment)
    .map(([dots, name, f]) => `${[...dots, `${name}.json`].join('/')}${f}`),
  fc.tuple(fc.array(segment, { minLength: 1, maxLength: 2 }), fragment).map(([path, f]) => `/${path.join('/')}${f}`),
  fc.tuple(base, fragment).map(([b, f]) => `${b}${f}`),
);

describe('the URI resolver rjsf uses in the browser', () => {
  // rjsf only compares a resolved reference with `$id`s (through `equal`), so the two must name the same resource;
  // the spelling may differ (the URL parser drops a default port and lowercases the host).
  it('resolves a reference against an absolute base to what fast-uri resolves it to', () => {
    fc.assert(
      fc.property(base, ref, (b, r) => {
        expect(fastUri.equal(resolve(b, r), fastUri.resolve(b, r))).toBe(true);
        expect(resolve(b, r).split('#')[1]).toBe(fastUri.resolve(b, r).split('#')[1]);
      }),
      { numRuns: 500 },
    );
  });

  it('compares identifiers as fast-uri does (case of scheme and host, default ports, dot segments)', () => {
    fc.assert(
      fc.property(base, base, fragment, (a, b, f) => {
        expect(equal(a + f, b + f)).toBe(fastUri.equal(a + f, b + f));
        expect(equal(a, a.toLowerCase())).toBe(fastUri.equal(a, a.toLowerCase()));
      }),
      { numRuns: 500 },
    );
    expect(equal('HTTPS://Example.com:443/a/./b.json', 'https://example.com/a/b.json')).toBe(true);
    expect(equal('https://example.com/a.json', 'https://example.com/b.json')).toBe(false);
  });
});
