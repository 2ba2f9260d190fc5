/**
 * The ajv options every validator of form data uses, in the browser (precompiled) and at build time.
 * rjsf's defaults plus `$data`, so a confirmation field can say `"const": {"$data": "1/email"}`.
 */
export const AJV_OPTIONS = {
  allErrors: true,
  multipleOfPrecision: 8,
  strict: false,
  verbose: true,
  discriminator: false,
  $data: true,
} as const;
