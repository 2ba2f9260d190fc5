/**
 * Normalisers a field may name in its uiSchema (`"ui:normalize": "digits"`), applied to what is sent, not to
 * what the applicant sees: doc2 §5 "ten digits after removing spaces, dashes and parentheses". Pure.
 *
 * A normaliser that changes the order of a value (`ymdToMdy`: a date typed YYYY/MM/DD, doc2 §5, sent as the API's
 * MM/DD/YYYY) has its reverse in `shown`: a stored value is shown in the order the applicant types (`displayForm`).
 */
const ymd = /^(\d{4})\/(\d{2})\/(\d{2})$/;
const mdy = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const normalizers: Record<string, (value: string) => string> = {
  digits: (value) => value.replace(/\D/g, ''),
  trim: (value) => value.trim(),
  upper: (value) => value.toUpperCase(),
  collapseSpaces: (value) => value.trim().replace(/\s+/g, ' '),
  // A whole date only: anything else is left as typed (the field's format has refused it already).
  ymdToMdy: (value) => value.trim().replace(ymd, '$2/$3/$1'),
};

/** The reverse of an order-changing normaliser: the stored value as the field shows it. */
const shown: Record<string, (value: string) => string> = {
  ymdToMdy: (value) => value.replace(mdy, '$3/$1/$2'),
};

/** Each string field that names a `ui:normalize`, rewritten by `apply` (given the field, its value and the name). */
function mapNormalized(
  form: Record<string, unknown>,
  uiSchema: Record<string, unknown>,
  apply: (field: string, value: string, name: string) => string,
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...form };
  for (const [field, value] of Object.entries(form)) {
    const name = ((uiSchema[field] ?? {}) as Record<string, unknown>)['ui:normalize'];
    if (typeof value === 'string' && typeof name === 'string') result[field] = apply(field, value, name);
  }
  return result;
}

/** Form data read from the document, as the fields show it (the reverse of `normalizeForm` where one exists). */
export function displayForm(
  form: Record<string, unknown>,
  uiSchema: Record<string, unknown> = {},
): Record<string, unknown> {
  return mapNormalized(form, uiSchema, (_field, value, name) => (shown[name] ? shown[name](value) : value));
}

export function normalizeForm(
  form: Record<string, unknown>,
  uiSchema: Record<string, unknown> = {},
): Record<string, unknown> {
  return mapNormalized(form, uiSchema, (field, value, name) => {
    const normalize = normalizers[name];
    if (!normalize) throw new Error(`unknown normaliser ${name} on field ${field}`);
    return normalize(value);
  });
}
