/** scripts/vite/content-plugin.ts writes the content bundle and the catalogues as JSON.parse('…') when they are large. */
import fc from 'fast-check';
import { jsonModuleValue } from '../../../scripts/vite/content-plugin.ts';

// The module text's value, evaluated as the browser would (oracle: the value JSON round-trips to).
const evaluate = (source: string): unknown => new Function(`return ${source};`)();

describe('data modules', () => {
  it('evaluate to the same value, small as a literal and large through JSON.parse', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, large) => {
        const data = large ? { padding: 'x'.repeat(10_001), value } : { value };
        const source = jsonModuleValue(data);
        expect(source.startsWith('JSON.parse(')).toBe(large);
        expect(evaluate(source)).toEqual(JSON.parse(JSON.stringify(data)));
      }),
      { numRuns: 200 },
    );
  });

  it('keep quotes, backslashes, line and paragraph separators and </script> intact', () => {
    const tricky = { text: 'a "quoted" \\ back\u2028slash\u2029 </script><!-- ', long: 'é'.repeat(12_000) };
    expect(evaluate(jsonModuleValue(tricky))).toEqual(tricky);
  });
});
