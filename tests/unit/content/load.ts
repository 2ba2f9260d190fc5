/**
 * Test helpers for the reference content: read a repository JSON file and build one ajv instance
 * (draft 2020-12, strict, all errors) the way the content check and the engine will.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020.js';
import type { ErrorObject } from 'ajv';

/** Absolute path of the repository root. */
export const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Reads and parses a JSON file given by its path from the repository root. */
export function readJson<T = unknown>(relativePath: string): T {
  return JSON.parse(readFileSync(resolve(repoRoot, relativePath), 'utf8')) as T;
}

/** The locales every catalogue must exist in. */
export const locales = ['en-US', 'en-CA', 'fr-CA'] as const;
/** One of the product's locales. */
export type Locale = (typeof locales)[number];

/** A message catalogue file. */
export interface Catalogue {
  $schema: string;
  messages: Record<string, string>;
}

/** Reads locales/<locale>/<namespace>.json. */
export function readCatalogue(locale: Locale, namespace: string): Catalogue {
  return readJson<Catalogue>(`locales/${locale}/${namespace}.json`);
}

/** Validates data against a meta-schema file; returns ajv's errors (empty when valid). */
export function validateAgainst(schemaPath: string, data: unknown): ErrorObject[] {
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  // `examples` is a standard annotation in 2020-12; ajv knows it, so strict mode stays on.
  const validate = ajv.compile(readJson<object>(schemaPath));
  return validate(data) ? [] : [...(validate.errors ?? [])];
}

/** Industry types, as in doc1 §3 Company.mccDetails.type. */
export type MccType = 'REGULAR' | 'PROHIBITED' | 'SUPER_PROHIBITED';

/** rules/categories.json. */
export interface CategoriesFile {
  $schema: string;
  description: string;
  restaurantDefaultMcc: string;
  groups: { id: string; type: MccType; industries: { id: number; mcc: string; type: MccType; keywords: string[] }[] }[];
}

/** rules/sales-ranges.json. */
export interface SalesRangesFile {
  $schema: string;
  description: string;
  markets: Record<'US' | 'CA', { currency: 'USD' | 'CAD'; ranges: { id: string; value?: number }[] }>;
}

/** rules/countries.json. */
export interface CountriesFile {
  $schema: string;
  description: string;
  defaultCountry: string;
  countries: {
    code: string;
    currency: string;
    dialingCode: string;
    postalCodeFormat: string;
    locales: Locale[];
    regions: { code: string; kind: 'state' | 'district' | 'territory' | 'province' }[];
  }[];
}
