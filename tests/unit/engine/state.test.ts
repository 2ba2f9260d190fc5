import fc from 'fast-check';
import { createDraftStore, draftKey } from '../../../engine/state/drafts.ts';
import { sensitiveFields, withoutSensitive } from '../../../engine/state/privacy.ts';
import privacy from '../../../rules/privacy.json';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

describe('drafts', () => {
  it('are kept per co-brand and currency, per screen', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const us = createDraftStore(storage, draftKey(undefined, 'USD'));
    const ca = createDraftStore(storage, draftKey('acme', 'CAD'));
    us.write('applicant', { firstName: 'Ann' });
    ca.write('applicant', { firstName: 'Zoé' });
    expect(us.read('applicant')).toEqual({ firstName: 'Ann' });
    expect(ca.read('applicant')).toEqual({ firstName: 'Zoé' });
    us.clear('applicant');
    expect(us.read('applicant')).toBeUndefined();
    expect(ca.read('applicant')).toEqual({ firstName: 'Zoé' });
  });

  it('survive corrupt storage', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    storage.setItem(draftKey(undefined, 'USD'), '{not json');
    expect(createDraftStore(storage, draftKey(undefined, 'USD')).read('x')).toBeUndefined();
  });
});

describe('privacy: sensitive fields never reach drafts', () => {
  it('every field with a sensitive format, or marked, is dropped; others kept (property)', () => {
    const formats = [...privacy.sensitiveFormats, 'person-name', 'email', 'city', undefined];
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string({ minLength: 1, maxLength: 8 }),
          fc.record({ format: fc.constantFrom(...formats), marked: fc.boolean(), value: fc.string() }),
        ),
        (fields) => {
          const schema = {
            properties: Object.fromEntries(
              Object.entries(fields).map(([name, f]) => [name, f.format ? { format: f.format } : {}]),
            ),
          };
          const uiSchema = Object.fromEntries(
            Object.entries(fields).map(([name, f]) => [name, f.marked ? { 'ui:sensitive': true } : {}]),
          );
          const data = Object.fromEntries(Object.entries(fields).map(([name, f]) => [name, f.value]));
          const kept = withoutSensitive(data, sensitiveFields(schema, uiSchema));
          for (const [name, f] of Object.entries(fields)) {
            const secret = f.marked || (f.format !== undefined && privacy.sensitiveFormats.includes(f.format));
            expect(Object.hasOwn(kept, name)).toBe(!secret);
          }
        },
      ),
    );
  });
});
