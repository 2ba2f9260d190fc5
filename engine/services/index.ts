/** Services: labels of service types, the store payments page, launch dispatches, identity templates, owners. */
export type { ServiceRules, IdentityTemplateRules, IdentityTemplates } from './types.ts';
export { serviceTypeLabel, serviceTypeLabelKey } from './service-type-label.ts';
export { storePaymentsUrl, type StorePageInput } from './store-payments-url.ts';
export { launchEvents } from './launch.ts';
export { serviceToLookUp } from './lookup.ts';
export { identityTemplate } from './identity-template.ts';
export { ownersAllowed } from './owners-allowed.ts';
