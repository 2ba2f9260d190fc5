/**
 * Stands in for fast-uri inside rjsf (vite.config.ts): rjsf's findSchemaDefinition uses it to resolve a `$ref`
 * against a schema's `$id` and to compare two `$id`s, and only for draft 2020-12 schemas that carry `$id`s. The
 * browser's own URL parser does both, so the form chunk does not ship a second URI library (about 7 KB gzip).
 * tests/unit/validation/uri-resolver.test.ts compares it with fast-uri.
 */

/** `ref` resolved against `base`; a pair the URL parser cannot read (a relative base) gives `ref` back unchanged. */
export function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

/** Whether two URIs name the same resource once normalised (case of scheme and host, default port, dot segments). */
export function equal(a: string, b: string): boolean {
  const normal = (uri: string) => {
    try {
      return new URL(uri).href;
    } catch {
      return uri;
    }
  };
  return normal(a) === normal(b);
}

export default { resolve, equal };
