/** Whether owners may be added (doc1 §6: impersonation mode and the partner flag), by rules/services.json. Pure. */
import { evaluate } from '../conditions/index.ts';
import type { ServiceRules } from './types.ts';

/** Evaluates the ownersAllowed condition against a context (flags from the configuration). */
export function ownersAllowed(context: object, rules: Pick<ServiceRules, 'ownersAllowed'>): boolean {
  return evaluate(rules.ownersAllowed, context);
}
