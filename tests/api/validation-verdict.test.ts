/**
 * The browser-versus-API verdict (issue 3): every example of tests/fixtures/validation-examples.json goes to the API
 * inside a real request body, in a document field that uses its format in its market. Every invalid example must
 * be answered 400 naming that field and the fixture's message key (with a localised description), storing nothing;
 * every valid example must be accepted. The browser's tests judge the same fixture with the same formats, so the two
 * give the same verdict. Date rules are judged at the fixture's `now` (the shared validation clock).
 */
import type { LightMyRequestResponse } from 'fastify';
import examples from '../fixtures/validation-examples.json' with { type: 'json' };
import { setValidationClock } from '../../engine/validation/index.ts';
import { countApplications, findApplication } from '../../server/storage/applications.ts';
import { completeCa, completeUs, startHarness, type Harness } from './harness.ts';

type Example = { value: string; key: string };
type Fixture = { now: string; formats: Record<string, { valid: string[]; invalid: Example[] }> };
const fixture = examples as unknown as Fixture;

/** How a format reaches the API: the request carrying a value, the field the answer names, what must not change. */
interface Probe {
  field: string;
  send(value: string): Promise<LightMyRequestResponse>;
  snapshot(): Promise<unknown>;
  /** The status of an accepted request (default 201). */
  accepted?: (res: LightMyRequestResponse) => void;
}

/** Formats no API field takes, and why (the test fails if this list and the fixture drift apart). */
const notOnTheApi: Record<string, string> = {
  'data-url': 'a file as the upload widget reads it; the API checks an upload by the step-up kind that asks for it',
  document:
    "a step-up's document; the API checks its media type and size by the kind's answer.document (rules/step-ups.json, tests/api/step-up-kinds.test.ts)",
  'company-name':
    'the further company name length check (doc2 §5) alone; the API applies it within legal-business-name',
  'date-of-birth-dmy':
    'an input order the browser may offer; the API stores and checks dates of birth as MM/DD/YYYY (doc2 §5 default)',
  'date-of-birth-19':
    "a screen's rule that depends on another answer names it; no fixed API field does, the API applies the screen's rule (server/domain/screen-rules.ts, tests/api/content-contract.test.ts)",
  'date-of-birth-ymd':
    'an input order the browser may offer; the API stores and checks dates of birth as MM/DD/YYYY (doc2 §5 default)',
};

let h: Harness;
let cookie: string;
let restoreClock: () => void;
const apps: Record<'US' | 'CA' | 'OTP', string> = { US: '', CA: '', OTP: '' };

beforeAll(async () => {
  restoreClock = setValidationClock(() => new Date(fixture.now));
  h = await startHarness();
  cookie = await h.signUp('verdict@example.com');
  apps.US = (await h.call('POST', '/api/v2/applications', cookie, completeUs)).json().application.id;
  apps.CA = (await h.call('POST', '/api/v2/applications', cookie, completeCa)).json().application.id;
  const otp = {
    ...completeUs,
    applicant: {
      ...completeUs.applicant,
      governmentIdentification: { type: 'INDIVIDUAL', value: '0005', sourceType: 'SSN4' },
    },
  };
  apps.OTP = (await h.call('POST', '/api/v2/applications', cookie, otp)).json().application.id;
  await h.call('POST', `/api/v2/applications/${apps.OTP}/onboard`, cookie);
});
afterAll(async () => {
  restoreClock?.();
  await h?.close();
});

const currency = { US: 'USD', CA: 'CAD' } as const;
const documentOf = (id: string) => async () => (await findApplication(h.t.db, id))?.document;
const applicationCount = () => countApplications(h.t.db);

/** A field of a new application's document in a market: POST /api/v2/applications. */
function created(market: 'US' | 'CA', path: string[]): Probe {
  return {
    field: `/${path.join('/')}`,
    snapshot: applicationCount,
    send(value) {
      const body: Record<string, Record<string, unknown>> = { company: { currency: currency[market] } };
      let node: Record<string, unknown> = body;
      path.forEach((key, i) => {
        if (i === path.length - 1) node[key] = value;
        else node = (node[key] ??= {}) as Record<string, unknown>;
      });
      return h.call('POST', '/api/v2/applications', cookie, body);
    },
  };
}

/** A government identification of a source type: POST .../government-identifications. */
function governmentId(market: 'US' | 'CA', sourceType: string, short = false): Probe {
  return {
    field: '/value',
    snapshot: documentOf(apps[market]),
    send: (value) =>
      h.call('POST', `/api/v2/applications/${apps[market]}/government-identifications`, cookie, {
        value,
        sourceType,
        ...(short ? { short } : {}),
      }),
  };
}

const bankBody = {
  US: {
    accountNumber: '000123456789',
    accountType: 'CHECKING',
    fullName: 'Ann Lee',
    primary: true,
    routingNumber: '021000021',
  },
  CA: {
    accountNumber: '000123456789',
    accountType: 'CHECKING',
    fullName: 'Éloïse Tremblay',
    primary: true,
    transitNumber: '12345',
    institutionNumber: '001',
  },
};
/** A field of a manual bank account: POST .../financial-instruments/manual. */
function bank(market: 'US' | 'CA', key: string): Probe {
  return {
    field: `/${key}`,
    snapshot: documentOf(apps[market]),
    send: (value) =>
      h.call('POST', `/api/v2/applications/${apps[market]}/financial-instruments/manual`, cookie, {
        ...bankBody[market],
        [key]: value,
      }),
  };
}

const card = { number: '4111111111111111', cvv: '123', expiry: '12/27', postalCode: '90210' };
/** A field of a card sent to the vault: POST /sandbox/vault/cards. */
function vault(key: string): Probe {
  return {
    field: `/${key}`,
    snapshot: async () => (await h.t.db.query('SELECT count(*)::int AS n FROM vault_cards')).rows,
    send: (value) => h.call('POST', '/sandbox/vault/cards', cookie, { ...card, [key]: value }),
  };
}

const probes: Record<string, Probe> = {
  'person-name': created('US', ['applicant', 'name', 'firstName']),
  'person-name-accented': created('CA', ['applicant', 'name', 'firstName']),
  'business-name': created('US', ['company', 'name']),
  'business-name-accented': created('CA', ['company', 'name']),
  'business-name-optional': created('US', ['company', 'dba']),
  'business-name-accented-optional': created('CA', ['company', 'dba']),
  // doc1 §2.7, doc2 §5: the tax-information form's legal business name, the same format in the browser and the API.
  'legal-business-name': {
    field: '/legalBusinessName',
    snapshot: documentOf(apps.US),
    send: (value) =>
      h.call('POST', `/api/v2/applications/${apps.US}/government-identifications/manual-entry`, cookie, {
        value: '212456789',
        sourceType: 'SSN9',
        legalBusinessName: value,
      }),
  },
  email: created('US', ['applicant', 'email', 'emailAddress']),
  'mobile-phone-us': created('US', ['applicant', 'phone', 'localPhoneNumber']),
  'mobile-phone-ca': created('CA', ['applicant', 'phone', 'localPhoneNumber']),
  ein: governmentId('US', 'FEIN'),
  'ein-short': governmentId('US', 'FEIN', true),
  'corporation-number': governmentId('CA', 'CN'),
  ssn: governmentId('US', 'SSN9'),
  'ssn-last4': governmentId('US', 'SSN4'),
  sin: created('CA', ['applicant', 'sin']),
  'government-id': governmentId('CA', 'BN'),
  'date-of-birth': created('US', ['applicant', 'dob']),
  'street-address': created('US', ['applicant', 'address', 'line1']),
  'address-unit': created('US', ['applicant', 'address', 'line2']),
  city: created('US', ['applicant', 'address', 'city']),
  'us-zip': created('US', ['applicant', 'address', 'zip']),
  'ca-postal-code': created('CA', ['applicant', 'address', 'zip']),
  website: created('US', ['company', 'site']),
  'routing-number': bank('US', 'routingNumber'),
  'bank-account-number': bank('US', 'accountNumber'),
  'ca-transit-number': bank('CA', 'transitNumber'),
  'ca-institution-number': bank('CA', 'institutionNumber'),
  'otp-code': {
    field: '/code',
    snapshot: documentOf(apps.OTP),
    send: (value) => h.call('POST', `/api/v2/applications/${apps.OTP}/step-ups/otp`, cookie, { code: value }),
    // A well-formed code passes validation and reaches the code check: no code was sent, so errors.otpMissing.
    accepted: (res) =>
      expect(res.json().details).toEqual([expect.objectContaining({ field: '/code', key: 'errors.otpMissing' })]),
  },
  'store-name': {
    field: '/store/name',
    snapshot: applicationCount,
    send: (value) =>
      h.call('POST', '/api/v1/commerce/onboarding-applications', cookie, {
        individuals: [{ type: 'APPLICANT', firstName: 'Ann', lastName: 'Lee' }],
        company: { currency: 'USD' },
        store: { name: value },
      }),
  },
  'card-number': vault('number'),
  'card-cvv': vault('cvv'),
  'card-expiry': vault('expiry'),
  'card-postal-code': vault('postalCode'),
};

describe('the fixture and the API cover the same formats', () => {
  it('every format of the fixture has a probe or a written reason it is not on the API', () => {
    const formats = Object.keys(fixture.formats).sort();
    expect([...Object.keys(probes), ...Object.keys(notOnTheApi)].sort()).toEqual(formats);
  });
});

const cases = Object.entries(probes).map(([format, probe]) => ({ format, probe, ...fixture.formats[format]! }));

describe.each(cases)('$format → $probe.field', ({ probe, invalid, valid }) => {
  it.each(invalid)('refuses $value → $key, naming the field, storing nothing', async ({ value, key }) => {
    const before = await probe.snapshot();
    const res = await probe.send(value);
    expect(res.statusCode).toBe(400);
    const details = res.json().details as Array<{ field: string; key: string; description: string }>;
    expect(details).toContainEqual(expect.objectContaining({ field: probe.field, key }));
    const detail = details.find((d) => d.field === probe.field && d.key === key)!;
    expect(detail.description).not.toBe(key);
    expect(await probe.snapshot()).toEqual(before);
  });

  it.each(valid)('accepts %j', async (value) => {
    const res = await probe.send(value);
    if (probe.accepted) probe.accepted(res);
    else
      expect({ status: res.statusCode, body: res.statusCode === 201 ? '' : res.body }).toEqual({
        status: 201,
        body: '',
      });
  });
});
