/**
 * engine/validation/phone-metadata.json holds, for each region the phone formats name, the MOBILE pattern of
 * libphonenumber-js's mobile metadata, read through the package's public Metadata API. It must equal what
 * the installed package gives, so an upgrade of libphonenumber-js fails here until the file is regenerated:
 *   UPDATE_PHONE_METADATA=1 npx vitest run tests/unit/validation/phone-metadata.test.ts
 * A second test compares our check with libphonenumber-js itself on generated numbers (the oracle).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { Metadata, parsePhoneNumberFromString, type CountryCode, type MetadataJson } from 'libphonenumber-js/core';
import { isMobileNumberOf } from '../../../engine/validation/phone.ts';

const FILE = 'engine/validation/phone-metadata.json';
const nodeRequire = createRequire(import.meta.url);
const mobileMetadata = nodeRequire('libphonenumber-js/metadata.mobile.json') as MetadataJson;
const version = (nodeRequire('libphonenumber-js/package.json') as { version: string }).version;

function regionsNamedByFormats(): string[] {
  const formats = JSON.parse(readFileSync('rules/validation/formats.json', 'utf8')).formats as Record<
    string,
    { steps?: Array<{ check?: string; params?: { regions?: string[] } }> }
  >;
  const regions = Object.values(formats).flatMap((f) =>
    (f.steps ?? []).filter((s) => s.check === 'mobilePhone').flatMap((s) => s.params?.regions ?? []),
  );
  return [...new Set(regions)].sort();
}

function expected() {
  const metadata = new Metadata(mobileMetadata);
  const mobilePatterns: Record<string, string> = {};
  for (const region of regionsNamedByFormats()) {
    metadata.selectNumberingPlan(region as CountryCode);
    // `type()` exists at run time but is missing from the package's type declarations.
    const plan = metadata.numberingPlan as unknown as
      { type(name: 'MOBILE'): { pattern(): string } | undefined } | undefined;
    const pattern = plan?.type('MOBILE')?.pattern();
    if (!pattern) throw new Error(`no MOBILE pattern for ${region}`);
    mobilePatterns[region] = pattern;
  }
  return {
    source: `libphonenumber-js ${version}, metadata.mobile.json, MOBILE pattern per region (generated; see engine/validation/phone.ts)`,
    mobilePatterns,
  };
}

describe('phone metadata', () => {
  it('equals the MOBILE patterns of the installed libphonenumber-js for the regions the formats name', () => {
    const want = expected();
    if (process.env.UPDATE_PHONE_METADATA) writeFileSync(FILE, `${JSON.stringify(want, null, 2)}\n`);
    expect(JSON.parse(readFileSync(FILE, 'utf8'))).toEqual(want);
    expect(Object.keys(want.mobilePatterns).length).toBeGreaterThan(0);
  });

  it('agrees with libphonenumber-js (oracle) on generated ten-digit numbers', () => {
    const regions = regionsNamedByFormats();
    fc.assert(
      fc.property(fc.stringMatching(/^[2-9]\d{9}$/), fc.constantFrom(...regions), (digits, region) => {
        const parsed = parsePhoneNumberFromString(digits, region as CountryCode, mobileMetadata);
        const oracle = Boolean(parsed?.isValid() && parsed.country === region);
        return isMobileNumberOf(digits, [region]) === oracle;
      }),
      { numRuns: 2000 },
    );
  });
});
