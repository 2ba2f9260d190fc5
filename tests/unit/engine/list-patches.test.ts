/**
 * Variants add to lists (issue 25): a variant adds a field to `required` or `ui:order` after or before another,
 * instead of restating the list, "so a field added to the base is not silently missing in Canada".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mergePatch, applyListPatch, isListPatch, missingAnchor } from '../../../engine/content/merge-patch.ts';
import { resolveScreen } from '../../../engine/content/resolve.ts';
import type { Screen } from '../../../engine/content/types.ts';

const REPO = join(import.meta.dirname, '../../..');
const screen = (file: string): Screen => JSON.parse(readFileSync(join(REPO, file), 'utf8')) as Screen;

describe('a list operation in a merge patch', () => {
  const order = ['firstName', 'lastName', 'email', '*'];

  it('adds after an item, before an item, or at the end', () => {
    expect(mergePatch(order, { $add: ['emailConfirmation'], after: 'email' })).toEqual([
      'firstName',
      'lastName',
      'email',
      'emailConfirmation',
      '*',
    ]);
    expect(mergePatch(order, { $add: ['language'], before: '*' })).toEqual([
      'firstName',
      'lastName',
      'email',
      'language',
      '*',
    ]);
    expect(mergePatch(['a'], { $add: ['b', 'c'] })).toEqual(['a', 'b', 'c']);
  });

  it('removes before it adds, and moves an item already there instead of repeating it', () => {
    expect(mergePatch(['dob', 'ssnLast4', 'mobile'], { $remove: ['ssnLast4'], $add: ['sin'], after: 'dob' })).toEqual([
      'dob',
      'sin',
      'mobile',
    ]);
    expect(applyListPatch(['a', 'b', 'c'], { $add: ['c'], after: 'a' })).toEqual(['a', 'c', 'b']);
  });

  it('works inside a screen patch and leaves other keys to JSON Merge Patch', () => {
    const base = { form: { schema: { required: ['a', 'b'], title: 'x' } } };
    expect(mergePatch(base, { form: { schema: { required: { $add: ['c'], before: 'b' }, title: null } } })).toEqual({
      form: { schema: { required: ['a', 'c', 'b'] } },
    });
  });

  it('adds at the end when the anchor is missing, and names the missing anchor for the content check', () => {
    expect(applyListPatch(['a'], { $add: ['b'], after: 'x' })).toEqual(['a', 'b']);
    expect(missingAnchor(['a'], { $add: ['b'], after: 'x' })).toBe('x');
    expect(missingAnchor(['a'], { $add: ['b'], after: 'a' })).toBeUndefined();
  });

  it('is recognised only with its own keys (an object that is data is merged as before)', () => {
    expect(isListPatch({ $add: ['a'], after: 'b' })).toBe(true);
    expect(isListPatch({ $add: ['a'], label: 'b' })).toBe(false);
    expect(isListPatch({ $add: ['a'], after: 'b', before: 'c' })).toBe(false);
    expect(mergePatch({ a: 1 }, { $add: ['x'], label: 'y' })).toEqual({ a: 1, $add: ['x'], label: 'y' });
  });
});

describe('the Canadian identity screen (flows/signup/screens/identity.json)', () => {
  const canada = { environment: { market: 'CA' }, company: {} };

  it('asks the SIN where the base asks the last four of the SSN, in the same place', () => {
    const resolved = resolveScreen(screen('flows/signup/screens/identity.json'), canada);
    expect(resolved.form?.schema.required).toEqual(expect.arrayContaining(['dob', 'sin', 'mobile']));
    expect(resolved.form?.schema.required).not.toContain('ssnLast4');
    expect((resolved.form?.uiSchema as Record<string, string[]>)['ui:order'].slice(0, 3)).toEqual([
      'dob',
      'sin',
      'mobile',
    ]);
  });

  it('keeps a field added to the base lists', () => {
    const base = screen('flows/signup/screens/identity.json');
    base.form!.schema.required = [...(base.form!.schema.required as string[]), 'nickname'];
    const uiSchema = base.form!.uiSchema as Record<string, string[]>;
    uiSchema['ui:order'] = [...uiSchema['ui:order'].slice(0, -1), 'nickname', '*'];
    const resolved = resolveScreen(base, canada);
    expect(resolved.form?.schema.required).toContain('nickname');
    expect((resolved.form?.uiSchema as Record<string, string[]>)['ui:order']).toContain('nickname');
  });
});
