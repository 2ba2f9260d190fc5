/**
 * Property tests (fast-check) of the checksum, PO-box, sequence and age rules against independent oracles
 * written here, not imported from the engine.
 */
import fc from 'fast-check';
import { createFormatRules, formatRules } from '../../../engine/validation/index.ts';

const digitString = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((digits) => digits.join(''));

/** Oracle: ABA routing checksum 3(d1+d4+d7) + 7(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
function routingOracle(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = [...value].map(Number);
  return (3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + (d[2] + d[5] + d[8])) % 10 === 0;
}

/** Oracle: Luhn with the classic doubled-digit table, from the right. */
function luhnOracle(value: string): boolean {
  const doubled = [0, 2, 4, 6, 8, 1, 3, 5, 7, 9];
  const digits = [...value].reverse().map(Number);
  const total = digits.reduce((sum, digit, index) => sum + (index % 2 === 1 ? doubled[digit] : digit), 0);
  return total % 10 === 0;
}

/** Appends the Luhn check digit to a payload. */
function withLuhnDigit(payload: string): string {
  for (let check = 0; check <= 9; check += 1) if (luhnOracle(payload + check)) return payload + check;
  throw new Error('unreachable');
}

/** Oracle: all digits equal, or every next digit one up (or one down), wrapping 9→0 (0→9). */
function sequenceOracle(value: string): boolean {
  const d = [...value].map(Number);
  const allSame = d.every((digit) => digit === d[0]);
  const up = d.every((digit, i) => i === 0 || digit === (d[i - 1] + 1) % 10);
  const down = d.every((digit, i) => i === 0 || digit === (d[i - 1] + 9) % 10);
  return allSame || up || down;
}

const runs = { numRuns: 500 };

describe('routing number (weights 3, 7, 1)', () => {
  it('agrees with the oracle on any 9 digits', () => {
    fc.assert(
      fc.property(digitString(9, 9), (value) => formatRules['routing-number'].validate(value) === routingOracle(value)),
      runs,
    );
  });

  it('accepts every number completed with its check digit, and refuses any single-digit change of it', () => {
    fc.assert(
      fc.property(
        digitString(8, 8),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (payload, position, delta) => {
          const valid = [...Array(10).keys()].map((c) => payload + c).find(routingOracle)!;
          const changed = [...valid];
          changed[position] = String((Number(changed[position]) + delta) % 10);
          return (
            formatRules['routing-number'].validate(valid) && !formatRules['routing-number'].validate(changed.join(''))
          );
        },
      ),
      runs,
    );
  });
});

describe('Luhn: SIN and card numbers', () => {
  // doc2 §5 SIN: a first digit 0 or 8 is never issued (rules/validation/formats.json sin), whatever its checksum.
  it('SIN agrees with the oracle on 9 digits, refusing a first digit 0 or 8, written with or without spaces', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9 }), digitString(8, 8), fc.boolean(), (first, rest, spaced) => {
        const digits = `${first}${rest}`;
        const written = spaced ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : digits;
        return formatRules.sin.validate(written) === (first !== 0 && first !== 8 && luhnOracle(digits));
      }),
      runs,
    );
  });

  it('a SIN with an issued first digit, completed with its check digit, is accepted', () => {
    const issued = fc.constantFrom(1, 2, 3, 4, 5, 6, 7, 9);
    fc.assert(
      fc.property(issued, digitString(7, 7), (first, rest) =>
        formatRules.sin.validate(withLuhnDigit(`${first}${rest}`)),
      ),
      runs,
    );
  });

  it('card numbers of 12 to 19 digits agree with the oracle', () => {
    fc.assert(
      fc.property(digitString(12, 19), (value) => formatRules['card-number'].validate(value) === luhnOracle(value)),
      runs,
    );
  });

  it('a card number completed with its check digit is accepted, and refused after changing one digit', () => {
    fc.assert(
      fc.property(digitString(11, 18), fc.nat(), fc.integer({ min: 1, max: 9 }), (payload, at, delta) => {
        const valid = withLuhnDigit(payload);
        const position = at % valid.length;
        const changed = [...valid];
        changed[position] = String((Number(changed[position]) + delta) % 10);
        return formatRules['card-number'].validate(valid) && !formatRules['card-number'].validate(changed.join(''));
      }),
      runs,
    );
  });
});

describe('EIN and government id: repeated and sequential digits', () => {
  const sequence = fc
    .tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom(0, 1, 9))
    .map(([start, step]) => [...Array(9).keys()].map((i) => (start + i * step) % 10).join(''));
  const nineDigits = fc.oneof(sequence, digitString(9, 9));

  it('government-id refuses exactly the sequences the oracle names', () => {
    fc.assert(
      fc.property(nineDigits, (value) => formatRules['government-id'].validate(value) === !sequenceOracle(value)),
      runs,
    );
  });

  it('EIN (with or without the dash) refuses exactly the sequences the oracle names, with the incorrect-EIN key', () => {
    fc.assert(
      fc.property(nineDigits, fc.boolean(), (value, dashed) => {
        const written = dashed ? `${value.slice(0, 2)}-${value.slice(2)}` : value;
        const reason = formatRules.ein.reason(written);
        return sequenceOracle(value) ? reason?.key === 'validation.ein.incorrect' : reason === null;
      }),
      runs,
    );
  });
});

describe('PO boxes', () => {
  const randomCase = (text: string) =>
    fc
      .array(fc.boolean(), { minLength: text.length, maxLength: text.length })
      .map((flips) => [...text].map((ch, i) => (flips[i] ? ch.toUpperCase() : ch.toLowerCase())).join(''));
  const spelled = fc
    .tuple(
      fc.constantFrom(
        'PO',
        'P.O.',
        'P. O.',
        'P O',
        'P.O',
        'Post Office',
        'Post Ofice',
        'Pst Office',
        'Postal',
        'Post',
        'Lock',
        'Call',
        'P/O',
      ),
      fc.constantFrom(' ', '', '  ', '. '),
      fc.constantFrom('Box', 'Bx', 'B0x', 'Bxo', 'Boxx', 'Bocks'),
    )
    .map(([prefix, gap, box]) => `${prefix}${gap}${box}`);
  const whole = fc.constantFrom(
    'POB',
    'P O B',
    'P.O.B.',
    'Lockbox',
    'Pobox',
    'Boîte postale',
    'Boite Postale',
    'Case postale',
    'Private Mail Box',
    'PMB',
    'Box',
  );
  const poBox = fc
    .tuple(
      fc.oneof(spelled, whole).chain(randomCase),
      fc.constantFrom(' ', ' #', ' No. ', ' '),
      fc.integer({ min: 1, max: 99999 }),
      fc.constantFrom('', '123 Main St, ', '45 Oak Ave '),
    )
    .map(([phrase, gap, number, before]) => `${before}${phrase}${gap}${number}`);

  it('refuses generated PO-box spellings in a street address and in a unit', () => {
    fc.assert(
      fc.property(
        poBox,
        (value) =>
          formatRules['street-address'].reason(value)?.key === 'validation.address.poBox' &&
          formatRules['address-unit'].reason(value)?.key === 'validation.address.poBox',
      ),
      runs,
    );
  });

  const street = fc
    .tuple(
      fc.integer({ min: 1, max: 99999 }),
      fc.constantFrom('', 'A', 'B', '-2', '/4'),
      fc.constantFrom(' ', ', '),
      fc.constantFrom(
        'Main',
        'Oak',
        'Maple Ridge',
        'Post Oak',
        'Post Office',
        'Boxwood',
        'Lockwood',
        'Callaway',
        'Poplar',
        'Pond',
        'Sainte-Catherine',
        'Côte-des-Neiges',
        '5th',
        'Office Park',
        'Pobrecito',
        'Hippo',
      ),
      fc.constantFrom('St', 'Street', 'Ave', 'Rd', 'Blvd', 'Lane', 'Way', 'Dr', 'Ct', 'Ouest', 'E'),
      fc.constantFrom('', ' Apt 4', ' Unit 12', ' Suite 200'),
    )
    .map(([number, suffix, gap, name, kind, unit]) => `${number}${suffix}${gap}${name} ${kind}${unit}`);

  it('accepts generated ordinary street addresses', () => {
    fc.assert(
      fc.property(street, (value) => formatRules['street-address'].reason(value) === null),
      runs,
    );
  });
});

describe('date of birth: age bounds by year difference', () => {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
  const birth = fc
    .tuple(fc.integer({ min: 1850, max: 2150 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }))
    .map(([year, month, day]) => ({ year, month, day: Math.min(day, daysIn(year, month)) }));
  const today = fc.date({
    min: new Date('1990-01-01T00:00:00Z'),
    max: new Date('2090-12-31T00:00:00Z'),
    noInvalidDate: true,
  });

  /** Oracle: the key the rule must give (null when the date is accepted). */
  function expected(birthYear: number, now: Date): string | null {
    const thisYear = now.getFullYear();
    if (birthYear >= thisYear) return 'validation.dateOfBirth.year';
    if (thisYear - birthYear < 18) return 'validation.dateOfBirth.minAge';
    if (thisYear - birthYear > 100) return 'validation.dateOfBirth.maxAge';
    return null;
  }

  it.each([
    ['date-of-birth', (d: { year: number; month: number; day: number }) => `${pad(d.month)}/${pad(d.day)}/${d.year}`],
    [
      'date-of-birth-dmy',
      (d: { year: number; month: number; day: number }) => `${pad(d.day)}/${pad(d.month)}/${d.year}`,
    ],
    [
      'date-of-birth-ymd',
      (d: { year: number; month: number; day: number }) => `${d.year}/${pad(d.month)}/${pad(d.day)}`,
    ],
  ])('%s agrees with the oracle for any birth date and any "now"', (format, write) => {
    fc.assert(
      fc.property(birth, today, (date, now) => {
        const rules = createFormatRules({ now: () => now });
        return (rules[format].reason(write(date))?.key ?? null) === expected(date.year, now);
      }),
      runs,
    );
  });

  it('a day that does not exist is refused whatever the age', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1930, max: 2000 }), fc.integer({ min: 1, max: 12 }), (year, month) => {
        const rules = createFormatRules({ now: () => new Date('2026-06-15T12:00:00Z') });
        return (
          rules['date-of-birth'].reason(`${pad(month)}/${pad(daysIn(year, month) + 1)}/${year}`)?.key ===
          'validation.dateOfBirth.formatMdy'
        );
      }),
      runs,
    );
  });
});
