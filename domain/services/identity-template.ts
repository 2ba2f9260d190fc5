/** Identity-verification templates per country (doc2 §9): which inquiry template a verification uses. Pure. */
import type { IdentityTemplateRules, IdentityTemplates } from './types.ts';

/** The template of a country and kind; an unknown country is an error, never a silent default. */
export function identityTemplate(rules: IdentityTemplateRules, country: string, kind: keyof IdentityTemplates): string {
  const templates = rules.countries[country];
  if (!templates) throw new Error(`no identity templates for country ${country}`);
  return templates[kind];
}
