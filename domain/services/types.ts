/** rules/services.json and rules/identity-templates.json as the engine reads them. */
import type { Condition } from '../../engine/conditions/index.ts';

/** rules/services.json. */
export interface ServiceRules {
  serviceTypeLabels: Array<{ pattern: string; label: string }>;
  otherLabel: string;
  /** doc2 §7 Other: the 'gopay.' service lookup (domain/services/lookup.ts). */
  gopayLookup: { prefix: string; call: string; serviceId: unknown; serviceType: unknown; set: string };
  storePaymentsPage: { template: string; ventureTemplate: string; contextParam: string; completedParam: string };
  launchTracking: Array<{ param: string; event: string }>;
  ownersAllowed: Condition;
}

/** The three templates of one country. */
export interface IdentityTemplates {
  verification: string;
  identification: string;
  identificationWithoutSelfie: string;
}

/** rules/identity-templates.json. */
export interface IdentityTemplateRules {
  countries: Record<string, IdentityTemplates>;
}
