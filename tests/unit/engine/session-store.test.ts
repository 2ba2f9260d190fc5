/**
 * No SSN, SIN, EIN, date of birth, bank account or card number reaches sessionStorage through the engine's writes
 * (engine/state/session-store.ts; ESLint refuses any other setItem in engine/). Written from the numbers' own formats,
 * not from our content: each kind, written as people write it, alone, inside a text, as a key, deep in an object or
 * array, is refused and nothing is stored; what the engine really stores (the configuration, a locale, a flag, event
 * types, a currency) is written.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdsPersonalNumber, writeSession } from '../../../engine/state/session-store.ts';
import config from '../../../rules/config.json' with { type: 'json' };

let stored: Map<string, string>;
beforeEach(() => {
  stored = new Map();
  vi.stubGlobal('sessionStorage', {
    setItem: (key: string, value: string) => void stored.set(key, value),
    getItem: (key: string) => stored.get(key) ?? null,
    removeItem: (key: string) => void stored.delete(key),
  });
});
afterEach(() => vi.unstubAllGlobals());

const digits = (min: number, max: number) => fc.stringMatching(new RegExp(`^[0-9]{${min},${max}}$`));
const grouped = (groups: number[], separator: string) =>
  fc.tuple(...groups.map((n) => digits(n, n))).map((parts) => parts.join(separator));
const separators = fc.constantFrom('', '-', ' ', '.');

/** Each kind of personal number, in the ways people write it. */
const personal = fc.oneof(
  separators.chain((s) => grouped([3, 2, 4], s)), // SSN 123-45-6789
  separators.chain((s) => grouped([3, 3, 3], s)), // SIN 130 692 544
  separators.chain((s) => grouped([2, 7], s)), // EIN 12-3456789
  digits(9, 17), // a bank account number
  separators.chain((s) => grouped([4, 4, 4, 4], s)), // a card number
  digits(13, 19), // a card number without spaces
  fc
    .tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 28 }), fc.integer({ min: 1920, max: 2010 }))
    .chain(([m, d, y]) =>
      fc.constantFrom(
        `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`, // a date of birth as the US writes it
        `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`, // and as ISO and Quebec write it
        `${d}.${m}.${y}`,
      ),
    ),
);

/** The number where a careless write would put it: alone, in a text, as a key, deep in an object or array. */
const carrying = personal.chain((number) =>
  fc.constantFrom<unknown>(
    number,
    `/urn:app:1/identity?ssn=${number}`,
    { applicant: { governmentIdentification: { value: number } } },
    [{ type: 'signup_submitted' }, { dob: number }],
    { [number]: true },
  ),
);

describe('session storage through the engine (engine/state/session-store.ts)', () => {
  it('refuses every personal number, wherever it sits in the value, and stores nothing', () => {
    fc.assert(
      fc.property(carrying, (value) => {
        stored.clear();
        expect(holdsPersonalNumber(value)).toBe(true);
        expect(writeSession('onboarding:test', value)).toBe(false);
        expect(stored.size).toBe(0);
      }),
    );
  });

  it('refuses a personal number in the key too', () => {
    fc.assert(
      fc.property(personal, (number) => {
        stored.clear();
        expect(writeSession(`onboarding:${number}`, '1')).toBe(false);
        expect(stored.size).toBe(0);
      }),
    );
  });

  it('writes what the engine stores: the configuration, a locale, a once-flag, event types, a currency', () => {
    expect(writeSession('onboarding:config:USD', config)).toBe(true);
    expect(JSON.parse(stored.get('onboarding:config:USD')!)).toEqual(config);
    expect(writeSession('onboarding:locale', 'fr-CA')).toBe(true);
    expect(writeSession('onboarding:accounts:once', '1')).toBe(true);
    expect(writeSession('onboarding:analytics:sent', ['signup_started', 'category_selected'])).toBe(true);
    expect(writeSession('onboarding:market-switch', 'CAD')).toBe(true);
    expect(stored.get('onboarding:locale')).toBe('fr-CA');
  });

  it('says false instead of throwing when the storage refuses', () => {
    vi.stubGlobal('sessionStorage', {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(writeSession('onboarding:locale', 'en-US')).toBe(false);
  });
});
