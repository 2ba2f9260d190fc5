/**
 * The 'gopay.' service lookup (doc2 §7 Other: 'the service lookup for gopay. service ids is dispatched'), as
 * rules/services.json gopayLookup declares it: the service of the application, else of the launch query, is looked up
 * with a declared call when its id or its type starts with the prefix; the answer ({serviceId, serviceType,
 * apiVersion, websiteId}) is placed in the screen's context, where rules/shell.json blockingModal reads it
 * (doc1 §2.7). An unknown service (404) or a failed lookup places nothing.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import { compute } from '../conditions/index.ts';
import { buildRequest, runCall } from '../calls/run.ts';
import type { Engine } from '../app/engine-context.tsx';
import type { ServiceRules } from './types.ts';

const NOTHING: Record<string, unknown> = {};

/** The service id to look up in a context, or undefined when neither its id nor its type has the prefix. Pure. */
export function serviceToLookUp(context: object, rules: Pick<ServiceRules, 'gopayLookup'>): string | undefined {
  const { prefix, serviceId, serviceType } = rules.gopayLookup;
  const id = compute(serviceId, context);
  const type = compute(serviceType, context);
  if (typeof id !== 'string' || id.trim() === '') return undefined;
  return id.startsWith(prefix) || (typeof type === 'string' && type.startsWith(prefix)) ? id : undefined;
}

/**
 * The values to place in a screen's context: `{[set]: answer}` once the lookup answered, else `{}`. One request per
 * service id (swr), made only for a signed-in user.
 */
export function useServiceLookup(engine: Engine, rules: Pick<ServiceRules, 'gopayLookup'>, context: Record<string, unknown>): Record<string, unknown> {
  const { call, set } = rules.gopayLookup;
  const id = engine.user ? serviceToLookUp(context, rules) : undefined;
  const def = engine.bundle.calls[call];
  const lookupContext = { ...context, lookup: { serviceId: id } };
  let key: string | null = null;
  if (id && def) {
    try {
      key = buildRequest(call, def, lookupContext).url;
    } catch {
      key = null;
    }
  }
  const { data } = useSWR(key, () => runCall(call, def, lookupContext, engine.calls), { shouldRetryOnError: false, revalidateOnFocus: false });
  return useMemo(() => (data && typeof data === 'object' ? { [set]: data } : NOTHING), [data, set]);
}
