/**
 * No SSN, SIN, EIN, date of birth, bank account or card number reaches sessionStorage through the engine's writes
 * (engine/state/session-store.ts; ESLint refuses any other setItem in engine/). Written from the numbers' own formats,
 * not from our content: each kind, written as people write it, alone, inside a text, as a key, deep in an object or
 * array, is refused and nothing is stored; what the engine really stores (the configuration, a locale, a flag, event
 * types, a currency) is written.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { allowedInSession, holdsPersonalNumber, writeSession } from '../../../engine/state/session-store.ts';
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

/**
 * The personal numbers no shape can tell from any other short number: the last four of an SSN, a Canadian
 * institution (3 digits) or transit (5 digits) number, a short account number (US accounts run from 4 digits), a
 * card's security code.
 */
const short = fc.oneof(digits(4, 4), digits(3, 3), digits(5, 5), digits(4, 8));

/** The keys the engine keeps (boot, header, market switch, the currency-overlap notice, analytics). */
const CONFIG_KEY = 'onboarding:config:-:USD';
const keptKeys = [
  'onboarding:locale',
  'onboarding:market-switch',
  'onboarding:currencyOverlap',
  'onboarding:analytics:sent',
  CONFIG_KEY,
];

describe('session storage through the engine (engine/state/session-store.ts)', () => {
  it('refuses every personal number, wherever it sits in the value, and stores nothing', () => {
    fc.assert(
      fc.property(carrying, (value) => {
        stored.clear();
        expect(holdsPersonalNumber(value)).toBe(true);
        // Under the one key whose value is an object from the API, the key's own rule admits it: the shape refuses it.
        expect(allowedInSession(CONFIG_KEY, { carried: value })).toBe(true);
        expect(writeSession(CONFIG_KEY, { carried: value })).toBe(false);
        expect(writeSession('onboarding:test', value)).toBe(false);
        expect(stored.size).toBe(0);
      }),
    );
  });

  it('refuses a personal number in the key too', () => {
    fc.assert(
      fc.property(personal, (number) => {
        stored.clear();
        // A co-brand path is part of the configuration's key: a number written into it is refused by its shape.
        const key = `onboarding:config:${number.replace(/[ ./]/g, '-')}:USD`;
        expect(writeSession(key, { flags: {} })).toBe(false);
        expect(writeSession(`onboarding:${number}`, '1')).toBe(false);
        expect(stored.size).toBe(0);
      }),
    );
  });

  it('refuses the short personal numbers a shape cannot judge, under every key the engine keeps', () => {
    fc.assert(
      fc.property(short, fc.constantFrom(...keptKeys.filter((key) => key !== CONFIG_KEY)), (number, key) => {
        stored.clear();
        expect(holdsPersonalNumber(number)).toBe(false);
        for (const value of [number, [number], [`field_error|identity|${number}|`], [`signup_started|${number}||`]])
          expect(writeSession(key, value)).toBe(false);
        expect(stored.size).toBe(0);
      }),
    );
  });

  it('refuses a key the engine does not keep, whatever its value', () => {
    for (const key of ['onboarding:answers', 'onboarding:draft:identity', 'ssn', 'onboarding:locale:x'])
      expect(writeSession(key, 'fr-CA')).toBe(false);
    expect(stored.size).toBe(0);
  });

  it('writes what the engine stores: the configuration, a locale, a once-flag, event types, a currency', () => {
    expect(writeSession(CONFIG_KEY, config)).toBe(true);
    expect(JSON.parse(stored.get(CONFIG_KEY)!)).toEqual(config);
    expect(writeSession('onboarding:config:survey-shop:CAD', config)).toBe(true);
    expect(writeSession('onboarding:locale', 'fr-CA')).toBe(true);
    expect(writeSession('onboarding:currencyOverlap', '1')).toBe(true);
    expect(
      writeSession('onboarding:analytics:sent', [
        'signup_started',
        'category_selected',
        'field_error|identity|dob|validation.date-of-birth-19',
      ]),
    ).toBe(true);
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
