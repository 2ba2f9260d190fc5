/**
 * What the launch parameters dispatch (doc2 §7 Other): opens of resume and reminder emails are tracked (the 'gopay.'
 * service lookup is domain/services/lookup.ts). Pure: the caller sends the events.
 */
import type { ServiceRules } from './types.ts';

/** Events to send for a launch query: one per tracked parameter that is present and not empty. */
export function launchEvents(
  query: Record<string, string | undefined>,
  rules: Pick<ServiceRules, 'launchTracking'>,
): string[] {
  return rules.launchTracking.filter(({ param }) => (query[param] ?? '').trim() !== '').map(({ event }) => event);
}
