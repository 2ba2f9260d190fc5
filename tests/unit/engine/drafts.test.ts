/**
 * Answers that last (engine/state/drafts.ts): a draft saved under an older shape of a screen's form is migrated
 * when the form changes (fields gone or values that no longer fit are dropped, the applicant is told), never
 * thrown at the form; corrupt storage reads as no draft.
 */
import fc from 'fast-check';
import {
  createDraftStore,
  draftKey,
  draftStoreOf,
  migrateDraft,
  shapeOf,
  type DraftChange,
} from '../../../engine/state/drafts.ts';
import type { DraftSettings } from '../../../engine/state/draft-settings.ts';
import { loadContent } from '../../../scripts/content/load.ts';
import { REPO } from '../check-content/tree.ts';

class MemoryStorage {
  data = new Map<string, string>();
  getItem(key: string) {
    return this.data.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.data.set(key, value);
  }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A screen's form as it was, and as the flow changed it: a field removed, one retyped, an option withdrawn. */
const OLD = {
  type: 'object',
  properties: {
    firstName: { type: 'string' },
    nickname: { type: 'string' },
    employees: { type: 'string' },
    plan: { type: 'string', enum: ['rent', 'buy', 'lease'] },
    address: { type: 'object', properties: { line1: { type: 'string' }, floor: { type: 'string' } } },
  },
};
const NEW = {
  type: 'object',
  properties: {
    firstName: { type: 'string', maxLength: 64 },
    employees: { type: 'integer' },
    plan: { type: 'string', enum: ['rent', 'buy'] },
    address: { type: 'object', properties: { line1: { type: 'string' } } },
  },
};

describe('drafts under a changed flow', () => {
  it('loads an old draft into the changed form: keeps what fits, drops the rest and says which', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const key = draftKey(undefined, 'USD');
    createDraftStore(storage, key).write(
      'applicant',
      {
        firstName: 'Ann',
        nickname: 'Annie',
        employees: 'ten',
        plan: 'lease',
        address: { line1: '1 Main St', floor: '2' },
      },
      OLD,
    );
    const changes: DraftChange[] = [];
    const store = createDraftStore(storage, key, (change) => changes.push(change));
    expect(store.read('applicant', NEW)).toEqual({ firstName: 'Ann', address: { line1: '1 Main St' } });
    expect(changes).toEqual([]); // told after the render that read it, not during
    await tick();
    expect(changes.map(({ screenId, dropped }) => ({ screenId, dropped: [...dropped].sort() }))).toEqual([
      { screenId: 'applicant', dropped: ['address.floor', 'employees', 'nickname', 'plan'] },
    ]);
    // The migrated draft is stored under the new shape: reading again changes nothing and tells nobody.
    expect(store.read('applicant', NEW)).toEqual({ firstName: 'Ann', address: { line1: '1 Main St' } });
    await tick();
    expect(changes).toHaveLength(1);
  });

  it('migrates drafts written before drafts had a shape (a plain record per screen)', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const key = draftKey('acme', 'CAD');
    storage.setItem(key, JSON.stringify({ applicant: { firstName: 'Zoé', removedField: true } }));
    const changes: DraftChange[] = [];
    expect(createDraftStore(storage, key, (change) => changes.push(change)).read('applicant', NEW)).toEqual({
      firstName: 'Zoé',
    });
    await tick();
    expect(changes).toEqual([{ screenId: 'applicant', dropped: ['removedField'] }]);
  });

  it('keeps a draft whose shape did not change, without a word', async () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const changes: DraftChange[] = [];
    const store = createDraftStore(storage, 'k', (change) => changes.push(change));
    store.write('s', { firstName: 'Ann', employees: 12 }, NEW);
    expect(store.read('s', NEW)).toEqual({ firstName: 'Ann', employees: 12 });
    await tick();
    expect(changes).toEqual([]);
  });

  it('fingerprints the fields, not their order or wording', () => {
    expect(shapeOf({ properties: { a: { type: 'string' }, b: { type: 'integer' } } })).toBe(
      shapeOf({ properties: { b: { type: 'integer' }, a: { type: 'string' } } }),
    );
    expect(shapeOf({ properties: { a: { type: 'string', description: 'x' } } })).toBe(
      shapeOf({ properties: { a: { type: 'string' } } }),
    );
    expect(shapeOf({ properties: { a: { type: 'string' } } })).not.toBe(
      shapeOf({ properties: { a: { type: 'integer' } } }),
    );
    expect(shapeOf({ properties: { a: { enum: ['x', 'y'] } } })).not.toBe(
      shapeOf({ properties: { a: { enum: ['x'] } } }),
    );
  });

  it('never throws on whatever storage holds, and every real form reads any stored draft (property)', () => {
    const forms = Object.values(loadContent(REPO).screens).flatMap((screen) =>
      screen.form ? [screen.form.schema as object] : [],
    );
    expect(forms.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...forms), (stored, schema) => {
        const storage = new MemoryStorage() as unknown as Storage;
        storage.setItem('k', JSON.stringify({ s: stored }));
        const read = createDraftStore(storage, 'k').read('s', schema);
        expect(read === undefined || (typeof read === 'object' && !Array.isArray(read))).toBe(true);
        if (read) expect(migrateDraft(read, schema).dropped).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('reads corrupt storage as no draft', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    storage.setItem('k', '{not json');
    expect(createDraftStore(storage, 'k').read('x', NEW)).toBeUndefined();
    storage.setItem('k', JSON.stringify({ x: 'a string' }));
    expect(createDraftStore(storage, 'k').read('x', NEW)).toBeUndefined();
    storage.setItem('k', JSON.stringify([1, 2]));
    expect(createDraftStore(storage, 'k').read('x', NEW)).toBeUndefined();
  });
});

describe('a deferred save (the engine writes a keystroke after the next frame)', () => {
  const setup = () => {
    const storage = new MemoryStorage();
    const writes: Array<() => void> = [];
    const key = draftKey(undefined, 'USD');
    const store = createDraftStore(storage as unknown as Storage, key, () => {}, {
      defer: (write) => writes.push(write),
    });
    return { storage, writes, key, store };
  };

  it('is read back at once, written once per deferral, and then in storage', () => {
    const { storage, writes, key, store } = setup();
    store.write('applicant', { firstName: 'A' });
    store.write('applicant', { firstName: 'An' });
    store.write('business', { dba: 'Corner' });
    expect(storage.getItem(key)).toBeNull();
    expect(writes).toHaveLength(1);
    expect(store.read('applicant')).toEqual({ firstName: 'An' });
    // Another store of the same storage and key (made again for another locale) reads it too.
    expect(createDraftStore(storage as unknown as Storage, key).read('business')).toEqual({ dba: 'Corner' });
    writes[0]();
    expect(createDraftStore(storage as unknown as Storage, key).read('applicant')).toEqual({ firstName: 'An' });
    expect(createDraftStore(storage as unknown as Storage, key).read('business')).toEqual({ dba: 'Corner' });
  });

  it('is written by flush() at once (the page hidden or left), and the deferred write then adds nothing', () => {
    const { storage, writes, key, store } = setup();
    store.write('applicant', { firstName: 'Ann' });
    store.flush();
    expect(JSON.parse(storage.getItem(key)!).applicant.data).toEqual({ firstName: 'Ann' });
    storage.setItem(key, '{}'); // another tab cleared it meanwhile
    writes[0]();
    expect(storage.getItem(key)).toBe('{}');
    store.flush();
    expect(storage.getItem(key)).toBe('{}');
  });

  it('defers a clear as it defers a write, and hands out copies, never the object it will save', () => {
    const { storage, writes, key, store } = setup();
    store.write('applicant', { firstName: 'Ann', address: { line1: '1 Main St' } });
    const read = store.read('applicant')!;
    (read.address as Record<string, unknown>).line1 = 'changed';
    expect(store.read('applicant')).toEqual({ firstName: 'Ann', address: { line1: '1 Main St' } });
    store.clear('applicant');
    expect(store.read('applicant')).toBeUndefined();
    writes.forEach((write) => write());
    expect(JSON.parse(storage.getItem(key)!)).toEqual({});
  });

  it('still ignores a storage that refuses the write', () => {
    const { storage, store } = setup();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    store.write('applicant', { firstName: 'Ann' });
    expect(() => store.flush()).not.toThrow();
    expect(store.read('applicant')).toBeUndefined();
  });
});

describe("the engine's draft settings (state/draft-settings.ts): the store comes with the first form", () => {
  it('holds no store until a form makes one; that one store is kept, deferred as set, and told of migrations', () => {
    const storage = new MemoryStorage() as unknown as Storage;
    const key = draftKey(undefined, 'USD');
    const writes: Array<() => void> = [];
    const changes: DraftChange[] = [];
    const settings: DraftSettings = {
      storage,
      key,
      onDropped: (change) => changes.push(change),
      defer: (write) => writes.push(write),
    };
    expect(settings.store).toBeUndefined();
    const store = draftStoreOf(settings);
    expect(settings.store).toBe(store);
    expect(draftStoreOf(settings)).toBe(store);
    store.write('applicant', { firstName: 'Ann', nickname: 'A' }, OLD);
    expect(storage.getItem(key)).toBeNull(); // deferred, as the settings say
    writes.forEach((write) => write());
    expect(draftStoreOf({ storage, key }).read('applicant')).toEqual({ firstName: 'Ann', nickname: 'A' });
    expect(store.read('applicant', NEW)).toEqual({ firstName: 'Ann' });
    return tick().then(() => expect(changes).toEqual([{ screenId: 'applicant', dropped: ['nickname'] }]));
  });
});
