/** Services: labels of service types, launch dispatches, the 'gopay.' lookup, identity templates. */
export type { ServiceRules, IdentityTemplateRules, IdentityTemplates } from './types.ts';
export { launchEvents } from './launch.ts';
export { serviceToLookUp } from './lookup.ts';
export { identityTemplate } from './identity-template.ts';
