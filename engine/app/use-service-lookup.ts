/**
 * Makes the 'gopay.' service lookup of domain/services/lookup.ts (rules/services.json gopayLookup): one request per
 * service id (swr), for a signed-in user; its answer is placed in the screen's context.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import { buildRequest, runCall } from '../calls/run.ts';
import type { Engine } from './engine-context.tsx';
import { serviceToLookUp } from '../../domain/services/lookup.ts';
import type { ServiceRules } from '../../domain/services/types.ts';

const NOTHING: Record<string, unknown> = {};

/**
 * The values to place in a screen's context: `{[set]: answer}` once the lookup answered, else `{}`. One request per
 * service id (swr), made only for a signed-in user.
 */
export function useServiceLookup(
  engine: Engine,
  rules: Pick<ServiceRules, 'gopayLookup'>,
  context: Record<string, unknown>,
): Record<string, unknown> {
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
  const { data } = useSWR(key, () => runCall(call, def, lookupContext, engine.calls), {
    shouldRetryOnError: false,
    revalidateOnFocus: false,
  });
  return useMemo(() => (data && typeof data === 'object' ? { [set]: data } : NOTHING), [data, set]);
}
