/**
 * Normalisers a field may name in its uiSchema (`"ui:normalize": "digits"`), applied to what is sent, not to
 * what the applicant sees: doc2 §5 "ten digits after removing spaces, dashes and parentheses". Pure.
 */
const normalizers: Record<string, (value: string) => string> = {
  digits: (value) => value.replace(/\D/g, ''),
  trim: (value) => value.trim(),
  upper: (value) => value.toUpperCase(),
  collapseSpaces: (value) => value.trim().replace(/\s+/g, ' '),
};

export function normalizeForm(
  form: Record<string, unknown>,
  uiSchema: Record<string, unknown> = {},
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...form };
  for (const [field, value] of Object.entries(form)) {
    const name = ((uiSchema[field] ?? {}) as Record<string, unknown>)['ui:normalize'];
    if (typeof value !== 'string' || typeof name !== 'string') continue;
    const normalize = normalizers[name];
    if (!normalize) throw new Error(`unknown normaliser ${name} on field ${field}`);
    result[field] = normalize(value);
  }
  return result;
}
