/**
 * The configuration defaults of doc2 §9 as one validated file (rules/config.json, with the plan entries in
 * rules/plans.json): it validates against its meta-schema, broken copies are rejected, and each default the spec
 * names holds, so changing one by mistake fails here. Also doc1 §6: the impersonation mode and the partner flag exist,
 * both off, and with rules/services.json they decide whether owners may be added.
 */
import Ajv from 'ajv';
import type { ErrorObject } from 'ajv';
import { readJson } from './load.ts';
import { evaluate, type Condition } from '../../../engine/conditions/index.ts';

interface ConfigFile {
  $schema: string;
  environment: string;
  environments: string[];
  defaultMarket: string;
  markets: Record<string, { currency: string }>;
  flags: Record<string, boolean>;
  defaults: Record<string, unknown> & {
    pricing: Record<string, number>;
    devicePlans: string[];
    orderTypes: string[];
    deviceKinds: string[];
  };
  constants: Record<string, unknown>;
}

const schema = 'schemas/content/rules/config.schema.json';
/** The config meta-schema is draft-07 (the server validates it the same way at load, server/content.ts). */
function validateAgainst(path: string, data: unknown): ErrorObject[] {
  const validate = new Ajv({ allErrors: true, strict: false }).compile(readJson<object>(path));
  return validate(data) ? [] : [...(validate.errors ?? [])];
}
const config = readJson<ConfigFile>('rules/config.json');
const services = readJson<{ ownersAllowed: Condition }>('rules/services.json');
const plans = readJson<{ markets: Record<string, Array<Record<string, unknown>>> }>('rules/plans.json');

describe('rules/config.json: the configuration defaults of doc2 §9', () => {
  it('validates against its meta-schema', () => {
    expect(validateAgainst(schema, config)).toEqual([]);
  });

  it('rejects broken copies: a flag that is not a boolean, a missing environment, an unknown top-level key', () => {
    const notBoolean = structuredClone(config) as unknown as { flags: Record<string, unknown> };
    notBoolean.flags.isPartner = 'no';
    expect(validateAgainst(schema, notBoolean).map((e) => e.instancePath)).toContain('/flags/isPartner');
    const missing = structuredClone(config) as Partial<ConfigFile>;
    delete missing.environment;
    expect(validateAgainst(schema, missing).map((e) => e.params)).toContainEqual({ missingProperty: 'environment' });
    expect(validateAgainst(schema, { ...config, unexpected: 1 }).map((e) => e.keyword)).toContain(
      'additionalProperties',
    );
  });

  it('has the environments CI, LOCAL, TEST, OTE and production, and this build selects OTE (one of them)', () => {
    expect(config.environments).toEqual(['CI', 'LOCAL', 'TEST', 'OTE', 'production']);
    expect(config.environment).toBe('OTE');
    expect(config.environments).toContain(config.environment);
  });

  it('has the flags of doc2 §9 off: debitCards, multiLanguageEnabled, twoStepsFlow, pbd, enableWebsiteCollection, isPartner, impersonation', () => {
    for (const flag of [
      'debitCards',
      'multiLanguageEnabled',
      'twoStepsFlow',
      'pbd',
      'enableWebsiteCollection',
      'isPartner',
      'impersonation',
    ]) {
      expect([flag, config.flags[flag]]).toEqual([flag, false]);
    }
  });

  it('defaults terminals and payments type to ALL, the reseller type to AGENT, the country to US, the API version to V2', () => {
    expect(config.defaults).toMatchObject({
      terminalsType: 'ALL',
      paymentsType: 'ALL',
      resellerType: 'AGENT',
      country: 'US',
      apiVersion: 'V2',
      orderType: 'RENT',
      paymentMethod: 'BANK',
      defaultPriceValue: 30,
    });
    expect(config.defaultMarket).toBe('US');
    expect(Object.keys(config.markets)).toContain(config.defaults.country);
  });

  it('has every pricing key of doc2 §9, all zero', () => {
    expect(Object.keys(config.defaults.pricing).sort()).toEqual(
      [
        'terminal',
        'keyedIn',
        'transferToBank',
        'invoicing',
        'paylink',
        'paybuttonCaptureFee',
        'paybuttonFixedAmount',
        'debitKeyedIn',
        'debitTerminal',
        'debitInvoicing',
      ].sort(),
    );
    expect(Object.values(config.defaults.pricing).every((value) => value === 0)).toBe(true);
  });

  it('has the device plans, order types and device kinds of doc2 §9', () => {
    expect(config.defaults.devicePlans).toEqual(['n910', 'n950', 'poyntC', 'buy', 'noDevice']);
    expect(config.defaults.orderTypes).toEqual(['rent', 'buy', 'noDevice']);
    expect(config.defaults.deviceKinds).toEqual(['N910', 'N950', 'PoyntC', 'license', 'SunmiT2S1', 'SunmiT2S2']);
  });

  it('has plan entries with planName, perUnit and trialPeriodDays for every device plan in every market', () => {
    for (const [market, entries] of Object.entries(plans.markets)) {
      expect([market, entries.map((entry) => entry.planKey)]).toEqual([
        market,
        expect.arrayContaining(config.defaults.devicePlans),
      ]);
      for (const entry of entries) {
        expect(typeof entry.planName).toBe('string');
        expect(Number.isFinite(entry.perUnit)).toBe(true);
        expect(Number.isInteger(entry.trialPeriodDays)).toBe(true);
      }
    }
  });
});

describe('doc1 §6: impersonation mode and partner flag decide whether owners may be added', () => {
  const allowed = (flags: Record<string, boolean>) => evaluate(services.ownersAllowed, { flags });

  it('allows owners with the configured defaults (no impersonation)', () => {
    expect(allowed(config.flags)).toBe(true);
  });

  it('refuses owners while impersonating a non-partner, and allows them for a partner', () => {
    expect(allowed({ ...config.flags, impersonation: true })).toBe(false);
    expect(allowed({ ...config.flags, impersonation: true, isPartner: true })).toBe(true);
  });
});
