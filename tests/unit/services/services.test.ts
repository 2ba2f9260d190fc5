/**
 * Services (doc2 §7 Other, §9; doc1 §6): service-type labels from name patterns (the online-store payments page is
 * tests/unit/money/payments-hub.test.ts), resume and reminder email opens, the 'gopay.' lookup, identity templates per country and who may add owners.
 * Each table row would fail if the rule in rules/services.json or rules/identity-templates.json were wrong.
 */
import {
  serviceToLookUp,
  identityTemplate,
  launchEvents,
  type IdentityTemplateRules,
  type ServiceRules,
} from '../../../domain/services/index.ts';
import servicesJson from '../../../rules/services.json' with { type: 'json' };
import templatesJson from '../../../rules/identity-templates.json' with { type: 'json' };
import callsJson from '../../../flows/calls.json' with { type: 'json' };
import { buildRequest } from '../../../engine/calls/run.ts';
import { compute, evaluate } from '../../../engine/conditions/index.ts';
import type { CallDefinition } from '../../../engine/content/types.ts';
import { readJson, locales, validateAgainst } from '../content/load.ts';

const rules = servicesJson as unknown as ServiceRules;
const templates = templatesJson as IdentityTemplateRules;

/** The store switcher's label of a service type: rules/services.json read by the generic firstMatching operator. */
const serviceTypeLabel = (serviceType: string, table: ServiceRules) =>
  compute({ firstMatching: [{ var: 'type' }, table.serviceTypeLabels, table.otherLabel] }, { type: serviceType });

describe('serviceTypeLabel', () => {
  it.each([
    ['mobilePayments', 'MobilePayments'],
    ['gopay.mobile-payments', 'MobilePayments'],
    ['mobileApp', 'Mobile'],
    ['gdStudio', 'GDStudio'],
    ['standalone', 'Standalone'],
    ['domain', 'Domain'],
    ['domainEntitlements', 'Domain'],
    ['wam', 'WAM'],
    ['gopay.wam', 'WAM'],
    ['websitesAndMarketing', 'WAM'],
    ['invoicing', 'Invoice'],
    ['gopay.invoice', 'Invoice'],
    ['ips', 'IPS'],
    ['woosaas', 'Woo'],
    ['WooCommerce', 'Woo'],
    ['managedWordPress', 'MWCS'],
    ['mwcs', 'MWCS'],
    ['nucleus', 'Other'],
    ['', 'Other'],
  ])('%s → %s', (serviceType, label) => {
    expect(serviceTypeLabel(serviceType, rules)).toBe(label);
  });

  it('does not take a word that merely contains the letters (lips, swamp) for IPS or WAM', () => {
    expect(serviceTypeLabel('lips', rules)).toBe('Other');
    expect(serviceTypeLabel('swamp', rules)).toBe('Other');
  });

  it('has every label (and Other) as a message in all three locales', () => {
    const labels = [...rules.serviceTypeLabels.map((row) => row.label), rules.otherLabel];
    expect(new Set(labels).size).toBe(11);
    for (const locale of locales) {
      const messages = readJson<{ messages: Record<string, string> }>(`locales/${locale}/extras.json`).messages;
      for (const label of labels) expect(messages[`extras.serviceType.${label}`], `${locale} ${label}`).toBeTruthy();
    }
  });
});

describe('launch dispatches', () => {
  it('tracks resume and reminder email opens only when the parameter is present', () => {
    expect(launchEvents({ resumeEmail: 'true' }, rules)).toEqual(['resume_email_opened']);
    expect(launchEvents({ reminderEmail: '1', resumeEmail: '' }, rules)).toEqual(['reminder_email_opened']);
    expect(launchEvents({ resumeEmail: 'x', reminderEmail: 'y' }, rules)).toEqual([
      'resume_email_opened',
      'reminder_email_opened',
    ]);
    expect(launchEvents({ email: 'a@b.c' }, rules)).toEqual([]);
  });
  it("looks up the application's service, else the launch's, only when its id or type starts with 'gopay.'", () => {
    const look = (context: object) => serviceToLookUp(context, rules);
    expect(look({ query: { serviceId: 'gopay.website-123' } })).toBe('gopay.website-123');
    expect(look({ query: { serviceId: 'svc-9', serviceType: 'gopay.website' } })).toBe('svc-9');
    expect(look({ query: { serviceId: 'website.gopay.1', serviceType: 'gd.studio' } })).toBeUndefined();
    expect(look({ query: { serviceId: 'GOPAY.x' } })).toBeUndefined();
    expect(look({ query: { serviceType: 'gopay.website' } })).toBeUndefined(); // no id: nothing to look up
    expect(look({ query: { serviceId: '   ' } })).toBeUndefined();
    expect(look({})).toBeUndefined();
    // The application's own service wins over the launch query.
    expect(
      look({
        application: { serviceId: 'gopay.pos-v1', serviceType: 'gopay.pos' },
        query: { serviceId: 'gopay.other' },
      }),
    ).toBe('gopay.pos-v1');
    expect(
      look({ application: { serviceId: 'svc-1', serviceType: 'gd.studio' }, query: { serviceId: 'gopay.other' } }),
    ).toBeUndefined();
  });

  it('the lookup is the declared call, its path filled from lookup.serviceId and encoded', () => {
    const def = (callsJson as { calls: Record<string, CallDefinition> }).calls[rules.gopayLookup.call];
    expect(def).toMatchObject({ method: 'GET' });
    expect(buildRequest(rules.gopayLookup.call, def, { lookup: { serviceId: 'gopay.site-1001' } }).url).toBe(
      '/api/v2/services/gopay.site-1001',
    );
    expect(buildRequest(rules.gopayLookup.call, def, { lookup: { serviceId: 'gopay.a/../b' } }).url).toBe(
      '/api/v2/services/gopay.a%2F..%2Fb',
    );
  });
});

describe('identity templates per country', () => {
  it('has verification, identification and identification without selfie for US and CA, all different', () => {
    expect(validateAgainst('schemas/content/rules/identity-templates.schema.json', templates)).toEqual([]);
    const all = (['US', 'CA'] as const).flatMap((country) =>
      (['verification', 'identification', 'identificationWithoutSelfie'] as const).map((kind) =>
        identityTemplate(templates, country, kind),
      ),
    );
    expect(new Set(all).size).toBe(6);
    expect(identityTemplate(templates, 'CA', 'identificationWithoutSelfie')).toMatch(/ca/);
  });
  it('refuses an unknown country instead of picking one', () => {
    expect(() => identityTemplate(templates, 'MX', 'verification')).toThrow(/MX/);
  });
});

describe('owners allowed (impersonation mode and partner flag)', () => {
  it.each([
    [{}, true],
    [{ impersonation: false, isPartner: false }, true],
    [{ impersonation: true, isPartner: false }, false],
    [{ impersonation: true }, false],
    [{ impersonation: true, isPartner: true }, true],
  ])('flags %j → %s', (flags, allowed) => {
    expect(evaluate(rules.ownersAllowed, { flags })).toBe(allowed);
  });
});

describe('rules files', () => {
  it('rules/services.json validates against its meta-schema and a broken copy does not', () => {
    expect(validateAgainst('schemas/content/rules/services.schema.json', rules)).toEqual([]);
    const broken = { ...rules, storePaymentsPage: { ...rules.storePaymentsPage, template: 'https://x.example/store' } };
    expect(validateAgainst('schemas/content/rules/services.schema.json', broken)).not.toEqual([]);
  });
});
