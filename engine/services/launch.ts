/**
 * What the launch parameters dispatch (doc2 §7 Other): opens of resume and reminder emails are tracked, and a
 * service id starting with 'gopay.' is looked up. Pure: the caller sends the events and makes the request.
 */
import type { ServiceRules } from './types.ts';

/** Events to send for a launch query: one per tracked parameter that is present and not empty. */
export function launchEvents(query: Record<string, string | undefined>, rules: Pick<ServiceRules, 'launchTracking'>): string[] {
  return rules.launchTracking.filter(({ param }) => (query[param] ?? '').trim() !== '').map(({ event }) => event);
}

/** The lookup path for a 'gopay.' service id, or undefined for any other id. */
export function gopayLookupPath(serviceId: string | undefined | null, rules: Pick<ServiceRules, 'gopayLookup'>): string | undefined {
  if (!serviceId || !serviceId.startsWith(rules.gopayLookup.prefix)) return undefined;
  return rules.gopayLookup.path.replace('{serviceId}', encodeURIComponent(serviceId));
}
