/**
 * Mobile phone check (doc2 §5 Phone) against `phone-metadata.json`: for each region our formats name, the
 * MOBILE number pattern of libphonenumber-js's mobile metadata. Only the patterns ship to the browser
 * (about 1 KB), not libphonenumber-js itself (about 12 KB gzip with its parser). The file is generated from
 * the installed package through its public Metadata API; regenerate it with
 * `UPDATE_PHONE_METADATA=1 npx vitest run tests/unit/validation/phone-metadata.test.ts`, which also fails
 * when the file is stale or lacks a region a format names.
 *
 * US and Canadian numbers are FIXED_LINE_OR_MOBILE in the full metadata (the same pattern serves both), so
 * "a valid mobile number for the region" means: ten national digits matching the region's MOBILE pattern,
 * i.e. a geographic number of that region; toll-free, premium-rate and other special numbers are refused.
 */
import metadata from './phone-metadata.json' with { type: 'json' };

interface PhoneMetadata {
  source: string;
  mobilePatterns: Record<string, string>;
}

const sources = (metadata as PhoneMetadata).mobilePatterns;

// Compiled on first use: a module with no work at load, so a build whose formats never check a phone drops it.
let patterns: Record<string, RegExp> | undefined;

/** The region codes the bundled patterns know. */
export const phoneRegions: readonly string[] = Object.keys(sources);

/** True when `nationalNumber` (digits only) is a mobile-type number of one of `regions` (ISO 3166 codes). */
export function isMobileNumberOf(nationalNumber: string, regions: readonly string[]): boolean {
  patterns ??= Object.fromEntries(
    Object.entries(sources).map(([region, source]) => [region, new RegExp(`^(?:${source})$`)]),
  );
  const compiled = patterns;
  return regions.some((region) => compiled[region]?.test(nationalNumber) ?? false);
}
