/**
 * The contract between content and API (issue 25), generated from content: for every form screen whose answers go
 * to the application (its calls send `changes` or `form` to a route that needs only an application of the market),
 * in every market and portal (rules/config.json markets × domain, terminal and the co-brands' reseller portal), with
 * the screen's variants applied as the engine applies them: fast-check generates answers valid under the screen's
 * own form schema (the browser's validator with the shared formats decides "valid"), the engine's normalisers and
 * bindings make them the call's body, and the real API (Fastify inject, PGlite) must accept them. And a value the
 * browser refuses for a formatted field (tests/fixtures/validation-examples.json) must be refused with a 400 naming
 * the bound document field. So "the content check passes" means "the API takes what the screens send".
 *
 * Screens whose calls need a state first (a pending step-up, an owner, a quoted order) are listed in
 * NEEDS_STATE with the API test that covers their call; the list must name exactly the other form screens.
 */
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { Ajv } from 'ajv';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readContent } from '../../scripts/check-content/files.ts';
import { buildModel, type Obj } from '../../scripts/check-content/model.ts';
import { resolveIncludes } from '../../scripts/check-content/includes.ts';
import { findRoute, apiModel } from '../../scripts/check-content/api.ts';
import { resolveScreen } from '../../engine/content/resolve.ts';
import { changesFrom } from '../../engine/state/bind.ts';
import { normalizeForm } from '../../engine/form/normalize.ts';
import { buildRequest } from '../../engine/calls/run.ts';
import { AJV_OPTIONS } from '../../engine/form/ajv-options.ts';
import { registerFormats, setValidationClock } from '../../engine/validation/index.ts';
import { variablesOf } from '../../engine/conditions/index.ts';
import type { CallDefinition, Screen } from '../../engine/content/types.ts';
import { startHarness, type Harness } from './harness.ts';
import { fixture, objectOf, propertiesOf } from './contract/arbitraries.ts';

const REPO = join(import.meta.dirname, '../..');

/** Form screens not driven here, and why (their calls need a state the test does not build). */
const NEEDS_STATE: Record<string, string> = {
  'add-channel': 'needs an approved business (tests/api/accounts-stores.test.ts)',
  'new-store': 'needs an approved business (tests/api/accounts-stores.test.ts)',
  'country-switcher': 'sends nothing',
  terms: 'sends no answer ({accepted: true}; tests/api/terms.test.ts)',
  'order-bundle': 'needs a reseller order (tests/api/money-bundles.test.ts)',
  'order-card': 'needs a quoted order and a vaulted card (tests/api/cards-payments-orders.test.ts)',
  order: 'prices plans, not document fields (tests/api/cards-payments-orders.test.ts)',
  'owner-complete': 'needs a partner with FULL_ONBOARDING pending (tests/api/owners-partner-side.test.ts)',
  'owner-details': 'needs an owner (tests/api/owners-list.test.ts)',
  'owner-ownership': 'needs an owner (tests/api/owners-list.test.ts)',
  'owner-new': 'needs an owner list of an application at FULL level (tests/api/owners-list.test.ts)',
  'business-info': 'needs a pending BUSINESS_INFO step-up (tests/api/step-ups-and-accounts.test.ts)',
  'otp-code': 'needs a pending OTP_SMS step-up (tests/api/otp.test.ts)',
  'otp-resent': 'needs a pending OTP_SMS step-up (tests/api/otp.test.ts)',
  ssn: 'needs a pending FULL_SSN step-up (tests/api/step-ups-and-accounts.test.ts)',
  'tax-information': 'needs a pending EIN_DOC step-up (tests/api/government-ids.test.ts)',
  'bank-manual': 'needs a decided application (tests/api/bank-and-analytics.test.ts)',
};

/**
 * Known disagreements, each with why it stays: a refusal of a valid answer is tolerated only when every field the
 * API names is one of these (screen id → field → reason).
 */
const KNOWN_GAPS: Record<string, Record<string, string>> = {
  category: {
    industry:
      'the schema says "an industry id of at least 1 that is not super-prohibited"; listing the ids as an enum would ask a message key per option, and the grouped-select widget offers only rules/categories.json ids, so the API refusing an unknown id (validation.category.required) is not reachable from the screen',
  },
};

/** The content as the bundle holds it: screens with their rules includes resolved, and the calls. */
function readBundle() {
  const model = buildModel(readContent(REPO, []));
  const screens = model.allScreens.map(
    (entry) =>
      ({ ...(resolveIncludes(entry.data, model, entry.file, '', []) as Obj), flow: entry.flow }) as unknown as Screen,
  );
  const calls = (model.calls?.data.calls ?? {}) as Record<string, CallDefinition>;
  return { screens, calls };
}

/** Markets × portals, including the co-brands' portals (the reseller). */
function contexts(): Array<{ name: string; environment: Record<string, string>; flags: Record<string, unknown> }> {
  const config = JSON.parse(readFileSync(join(REPO, 'rules/config.json'), 'utf8'));
  const accounts = JSON.parse(readFileSync(join(REPO, 'rules/accounts.json'), 'utf8'));
  const portals = new Set<string>([
    config.defaultPortal,
    ...config.portalRules.map((rule: { portal: string }) => rule.portal),
  ]);
  for (const cobrand of Object.values(accounts.cobrands ?? {}) as Array<{ portal?: string }>)
    if (cobrand.portal) portals.add(cobrand.portal);
  const out = [];
  for (const [market, settings] of Object.entries(
    config.markets as Record<string, { currency: string; locales?: string[] }>,
  )) {
    for (const portal of portals) {
      out.push({
        name: `${market}-${portal}`,
        environment: { market, currency: settings.currency, portal, locale: settings.locales?.[0] ?? 'en-US' },
        flags: config.flags ?? {},
      });
    }
  }
  return out;
}

/** Reads the form sends: a call whose body reads `form` or `changes`. */
const sendsAnswers = (call: CallDefinition | undefined): boolean =>
  call?.body !== undefined && variablesOf(call.body as never).some((name) => /^(form|changes)(\.|$)/.test(name));

const { screens, calls } = readBundle();
const formScreens = screens.filter((screen) => screen.kind === 'form');
const driven = formScreens.filter((screen) => !(screen.id in NEEDS_STATE));

let h: Harness;
let cookie: string;
let restoreClock: () => void;
const browser = new Ajv({ ...AJV_OPTIONS });
registerFormats(browser);

beforeAll(async () => {
  restoreClock = setValidationClock(() => new Date(fixture.now));
  h = await startHarness();
  cookie = await h.signUp('contract@example.com');
});
afterAll(async () => {
  restoreClock?.();
  await h?.close();
});

/** A new application of the context's market, as createApplication makes it. */
async function newApplication(environment: Record<string, string>): Promise<string> {
  const res = await h.call('POST', '/api/v2/applications', cookie, {
    application: { intent: 'CREATE_BUSINESS' },
    company: { currency: environment.currency },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().application.id as string;
}

/** The requests a screen's submit makes with some answers, as the engine builds them (answer-sending calls only). */
function requestsOf(screen: Screen, form: Record<string, unknown>, context: Record<string, unknown>) {
  const normalised = normalizeForm(form, (screen.form?.uiSchema ?? {}) as Record<string, unknown>);
  const ctx = {
    ...context,
    form: normalised,
    changes: changesFrom(normalised, screen.form?.bind as Record<string, string>),
  };
  return (screen.actions ?? [])
    .filter((action) => sendsAnswers(calls[action.call]))
    .map((action) => buildRequest(action.call, calls[action.call], ctx));
}

describe('content contract: what each form screen sends, the API accepts', () => {
  it('drives every form screen or says why not', () => {
    expect(Object.keys(NEEDS_STATE).filter((id) => !formScreens.some((screen) => screen.id === id))).toEqual([]);
    expect(driven.length).toBeGreaterThan(4);
  });

  it('each driven screen sends its answers through a route the API serves', async () => {
    const api = await apiModel();
    for (const screen of driven) {
      for (const action of screen.actions ?? []) {
        const call = calls[action.call];
        if (sendsAnswers(call))
          expect(findRoute(api, call.method, call.path), `${screen.id}: ${action.call}`).toBeDefined();
      }
    }
  });

  for (const context of contexts()) {
    for (const base of driven) {
      it(`${base.id} in ${context.name}: valid answers are accepted, and a refused format is a 400 naming the bound field`, async () => {
        const applicationId = await newApplication(context.environment);
        const ctx = {
          environment: context.environment,
          flags: context.flags,
          application: { id: applicationId },
          route: { applicationId },
          query: {},
        };
        const screen = resolveScreen(base, ctx);
        const schema = screen.form?.schema as Obj | undefined;
        if (
          !schema ||
          !sendsAnswers(calls[(screen.actions ?? []).find((a) => sendsAnswers(calls[a.call]))?.call ?? ''])
        )
          return;
        const valid = browser.compile(schema);
        await fc.assert(
          fc.asyncProperty(objectOf(schema), async (form) => {
            fc.pre(valid(form) === true);
            for (const request of requestsOf(screen, form, ctx)) {
              const res = await h.call(request.method as 'PUT', request.url, cookie, request.body);
              const gaps = Object.keys(KNOWN_GAPS[screen.id] ?? {}).map(
                (field) => `/${String((screen.form?.bind as Record<string, string>)[field]).replace(/\./g, '/')}`,
              );
              const named =
                res.statusCode === 400
                  ? ((res.json().details ?? []) as Array<{ field: string }>).map((detail) => detail.field)
                  : [];
              if (named.length > 0 && named.every((field) => gaps.includes(field))) return;
              expect(
                res.statusCode,
                `${request.method} ${request.url} ${JSON.stringify(request.body)} → ${res.body}`,
              ).toBeLessThan(300);
            }
          }),
          { numRuns: 6, seed: 25 },
        );
        // Each formatted, bound field with a value the browser refuses: the API refuses it too, naming the field.
        const bind = (screen.form?.bind ?? {}) as Record<string, string>;
        const sample =
          fc.sample(objectOf(schema), { numRuns: 50, seed: 25 }).find((form) => valid(form) === true) ?? {};
        for (const [field, property] of propertiesOf(schema)) {
          const format = property.format as string | undefined;
          const path = bind[field];
          const bad = format ? fixture.formats[format]?.invalid.find((example) => example.value !== '') : undefined;
          if (!bad || !path) continue;
          const form = { ...sample, [field]: bad.value };
          if (valid(form)) continue; // another part of the schema takes it (e.g. an alternative format)
          // The engine stops at the first call that fails: that one must be a 400 naming the bound field.
          let refused: LightMyRequestResponse | undefined;
          for (const request of requestsOf(screen, form, ctx)) {
            const res = await h.call(request.method as 'PUT', request.url, cookie, request.body);
            if (res.statusCode >= 300) {
              refused = res;
              break;
            }
          }
          expect(refused?.statusCode, `${field} = ${JSON.stringify(bad.value)} on ${screen.id}: accepted`).toBe(400);
          const named = (refused?.json().details ?? []).map((error: { field?: string }) => error.field);
          expect(named, `${field} bound to ${path}`).toContain(`/${path.replace(/\./g, '/')}`);
        }
      }, 120_000);
    }
  }
});
