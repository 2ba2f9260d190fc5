/** `$ref`s to the API schemas in schemas/api/ (added once by `$id` in app.ts). */
const base = 'https://schemas.onboarding.local/api/';

/** A `$ref` to `schemas/api/<name>.schema.json`. */
export function api(name: string): { $ref: string } {
  return { $ref: `${base}${name}.schema.json#` };
}

/** The error responses every authenticated application route can give. */
export const errorResponses = {
  '4xx': api('error'),
  '5xx': api('error'),
};
