/**
 * Analytics parameters are stored only after personal data is removed (ARCHITECTURE: no SSN, SIN, EIN,
 * bank or card number in an analytics event; doc2 §9 lists the context fields events carry).
 */

/** Name parts that mark a parameter as personal data whatever its value (`applicantSsn`, `bank_account`). */
const sensitiveTokens = new Set([
  'ssn',
  'sin',
  'ein',
  'fein',
  'tin',
  'bn',
  'tax',
  'account',
  'routing',
  'transit',
  'institution',
  'card',
  'cvv',
  'iban',
  'password',
  'secret',
  'token',
  'email',
  'phone',
  'mobile',
  'dob',
  'birth',
  'address',
  'street',
  'zip',
  'postal',
  'name',
  'government',
  'identification',
  'value',
]);

/** Splits a parameter name into lower-case words: `applicantSSN_last4` -> applicant, ssn, last4. */
function nameTokens(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((t) => t.toLowerCase());
}

/** Values that look like personal data: an email, or a run of 4 or more digits (ids, numbers, dates). */
const sensitiveValue = /(@|\d[\d\s-]{3,})/;

/**
 * Keeps only parameters whose name and value are not personal data; dropped names are listed under
 * `redacted` so a product analyst can see that something was withheld.
 */
export function sanitiseParams(params: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  const redacted: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    // A yes or no (a feature flag such as phoneAuth, GPVProvided) says nothing personal whatever its name.
    if (typeof value === 'boolean') kept[name] = value;
    else if (
      nameTokens(name).some((t) => sensitiveTokens.has(t)) ||
      (typeof value === 'string' && sensitiveValue.test(value))
    )
      redacted.push(name);
    else kept[name] = value;
  }
  if (redacted.length > 0) kept.redacted = redacted.sort();
  return kept;
}
