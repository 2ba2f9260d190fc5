/**
 * What a widget may read of the screen's loaded data: the application document is the answer of the read whose
 * `result` is `document` (flows/calls.json), as the screen host keeps it. Pure.
 */
import type { CallDefinition } from '../content/types.ts';

/** The loaded answer that is the application document, or an empty object. */
export function documentOf(
  data: Record<string, unknown>,
  calls: Record<string, CallDefinition>,
): Record<string, unknown> {
  const name = Object.keys(data).find((key) => calls[key]?.result === 'document');
  return ((name ? data[name] : undefined) ?? {}) as Record<string, unknown>;
}

/** The value at a dot path (`applicant.phone.localPhoneNumber`), or undefined. */
export { valueAt } from '../content/json.ts';
