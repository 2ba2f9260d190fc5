/**
 * The 'gopay.' service lookup (doc2 §7 Other: 'the service lookup for gopay. service ids is dispatched'), as
 * rules/services.json gopayLookup declares it: the service of the application, else of the launch query, is looked up
 * with a declared call when its id or its type starts with the prefix; the answer ({serviceId, serviceType,
 * apiVersion, websiteId}) is placed in the screen's context, where rules/shell.json blockingModal reads it
 * (doc1 §2.7). An unknown service (404) or a failed lookup places nothing. The request itself is made by
 * engine/app/use-service-lookup.ts.
 */
import { compute } from '../../engine/conditions/index.ts';
import type { ServiceRules } from './types.ts';

/** The service id to look up in a context, or undefined when neither its id nor its type has the prefix. Pure. */
export function serviceToLookUp(context: object, rules: Pick<ServiceRules, 'gopayLookup'>): string | undefined {
  const { prefix, serviceId, serviceType } = rules.gopayLookup;
  const id = compute(serviceId, context);
  const type = compute(serviceType, context);
  if (typeof id !== 'string' || id.trim() === '') return undefined;
  return id.startsWith(prefix) || (typeof type === 'string' && type.startsWith(prefix)) ? id : undefined;
}
