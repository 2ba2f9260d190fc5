/** Service-type labels (doc2 §9): the first row of rules/services.json whose pattern matches, else Other. Pure. */
import type { ServiceRules } from './types.ts';

/** The label id of a service type (`Woo`, `MWCS`, ..., `Other`); its message is `extras.serviceType.<label>`. */
export function serviceTypeLabel(
  serviceType: string | undefined | null,
  rules: Pick<ServiceRules, 'serviceTypeLabels' | 'otherLabel'>,
): string {
  if (!serviceType) return rules.otherLabel;
  const row = rules.serviceTypeLabels.find(({ pattern }) => new RegExp(pattern, 'i').test(serviceType));
  return row?.label ?? rules.otherLabel;
}
