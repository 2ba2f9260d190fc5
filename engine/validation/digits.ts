/** Digit-string arithmetic used by the identifier checks (doc2 §5 Tax and government identifiers, Bank). */

/** The Luhn (mod 10) checksum holds for a string of digits (SIN, card numbers). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The weighted sum of the digits, weights repeated from the left, is divisible by `modulus` (routing numbers: 3, 7, 1 and 10). */
export function weightedChecksumValid(digits: string, weights: readonly number[], modulus: number): boolean {
  if (!/^\d+$/.test(digits) || weights.length === 0) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) sum += Number(digits[i]) * weights[i % weights.length];
  return sum % modulus === 0;
}

/** All digits the same (including all zeros), or each digit one more (or each one less) than the one before, 9 wrapping to 0. */
export function isRepeatedOrSequential(digits: string): boolean {
  if (digits.length < 2) return false;
  const steps = new Set<number>();
  for (let i = 1; i < digits.length; i += 1) steps.add((Number(digits[i]) - Number(digits[i - 1]) + 10) % 10);
  if (steps.size !== 1) return false;
  const [step] = [...steps];
  return step === 0 || step === 1 || step === 9;
}
