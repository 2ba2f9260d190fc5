/**
 * scripts/vite/content-plugin.ts writes the content bundle and the catalogues as JSON.parse('…') when they are large,
 * and gives the browser each screen's outline, the whole screen being a module of its own.
 */
import fc from 'fast-check';
import { forRuntime, jsonModuleValue, outlined } from '../../../scripts/vite/content-plugin.ts';
import { loadContent } from '../../../scripts/content/load.ts';

// The module text's value, evaluated as the browser would (oracle: the value JSON round-trips to).
const evaluate = (source: string): unknown => new Function(`return ${source};`)();

describe('data modules', () => {
  it('evaluate to the same value, small as a literal and large through JSON.parse', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, large) => {
        const data = large ? { padding: 'x'.repeat(10_001), value } : { value };
        const source = jsonModuleValue(data);
        // A small value is a literal, unless a `__proto__` key (which a literal would turn into a prototype) needs JSON.parse.
        if (large || !JSON.stringify(data).includes('__proto__')) expect(source.startsWith('JSON.parse(')).toBe(large);
        expect(evaluate(source)).toEqual(JSON.parse(JSON.stringify(data)));
      }),
      { numRuns: 200 },
    );
  });

  it('keep a __proto__ key as a property at any depth, small or large (a literal would set the prototype instead)', () => {
    for (const text of ['{"__proto__":""}', '{"a":[{"__proto__":{"b":1}}]}', `{"__proto__":"${'x'.repeat(10_001)}"}`]) {
      const value = evaluate(jsonModuleValue(JSON.parse(text))) as object;
      expect(JSON.stringify(value)).toBe(text);
    }
  });

  it('keep quotes, backslashes, line and paragraph separators and </script> intact', () => {
    const tricky = { text: 'a "quoted" \\ back\u2028slash\u2029 </script><!-- ', long: 'é'.repeat(12_000) };
    expect(evaluate(jsonModuleValue(tricky))).toEqual(tricky);
  });
});

describe("the browser's screen outlines", () => {
  it('keep route, flow, sign-on and reads of every screen, and of a progress step the rows the step count walks (next, and variants only as far as they change next or progress); the whole screen is its own module', () => {
    const bundle = forRuntime(loadContent(process.cwd())) as { screens: Record<string, Record<string, unknown>> };
    const outlines = outlined(bundle).screens as Record<string, Record<string, unknown>>;
    expect(Object.keys(outlines)).toEqual(Object.keys(bundle.screens));
    for (const [id, screen] of Object.entries(bundle.screens)) {
      const step = screen.progress !== undefined;
      const keys = ['id', 'path', 'flow', 'auth', 'load', 'progress', ...(step ? ['next'] : [])];
      const kept = Object.fromEntries(keys.filter((key) => key in screen).map((key) => [key, screen[key]]));
      const { variants, ...rest } = outlines[id];
      expect(rest).toEqual(kept);
      if (variants !== undefined) {
        expect(step).toBe(true);
        for (const variant of variants as Array<{ merge: Record<string, unknown> }>)
          expect(Object.keys(variant.merge).every((key) => key === 'next' || key === 'progress')).toBe(true);
      }
      expect('kind' in outlines[id]).toBe(false); // engine/app/screen-definition.ts tells an outline by this
    }
  });
});
