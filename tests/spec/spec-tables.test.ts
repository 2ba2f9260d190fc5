/**
 * Every case of the specification's decision tables (../shared/spec-tables.json: doc1 §2.6, §2.8, §4.1, §4.2, §4.3,
 * §4.4, §4.7, §4.9, transcribed from the spec in its own words, not from our content) run against the product: the
 * case's situation becomes our context (tests/spec/tables.ts), and the engine's real routing over the real content
 * (flows/, rules/) gives the answer. A case the product answers differently fails, unless OPEN_READINGS lists its id
 * with the reading the product takes, which docs/spec-map.md records ("Readings the spec leaves open"); such a case
 * then asserts that reading, so it still fails when the product changes.
 */
import Ajv from 'ajv';
import {
  readSpecTables,
  contextFor,
  next,
  screen,
  onboardSubmit,
  specRoute,
  allowed,
  bundle,
  FLAG_NAMES,
  type SpecCase,
} from './tables.ts';
import { beaconsFor } from '../../engine/app/shell-rules.ts';
import { afterEnvironmentTarget } from '../../engine/screens/after-environment.ts';
import {
  orderAccounts,
  storeAttachable,
  storeAction,
  type AccountsRules,
  type AccountEntry,
} from '../../domain/accounts.ts';
import { resolveScreen } from '../../engine/content/resolve.ts';
import { nextTarget } from '../../engine/flow/runner.ts';
import { priceOrder } from '../../server/domain/orders.ts';
import type { PlanRules } from '../../server/content.ts';
import accountsJson from '../../rules/accounts.json' with { type: 'json' };
import enUSAccounts from '../../locales/en-US/accounts.json' with { type: 'json' };

const tables = readSpecTables();
const accountsRules = accountsJson as unknown as AccountsRules;

/**
 * Case ids (`<table> #<n>`, n from 1) where the spec's words leave the answer open and the product takes a reading
 * docs/spec-map.md records: the product's answer, which the case then asserts.
 */
const OPEN_READINGS: Record<string, { answer: unknown; why: string }> = {
  'doc1 §4.4 after a bank is linked #7': {
    answer: 'complete/bank/success',
    why: "doc1 §4.4 'otherwise ... complete' after a bank is linked: the complete page in its bank-success form, /complete/bank/success (doc1 §2.4 lists it beside /complete, which row 7 of §4.3 uses before any bank)",
  },
};

/**
 * Case ids the product still answers differently from the spec, each with the issue 28 item that fixes it. They run
 * as expected failures (`it.fails`): the difference stays visible in every run, and the entry must be removed the
 * moment the product agrees (the expected failure then fails). This list only shrinks.
 */
const KNOWN_DIFFERENCES: Record<string, string> = {};

/** The new signup form's steps of doc1 §2.6 in our screens (docs/spec-map.md: the spec's second step is our two screens). */
const SIGNUP_STEPS: Record<string, string[]> = {
  'first signup step': ['applicant'],
  'second signup step': ['applicant/business', 'applicant/category'],
  'third signup step': ['applicant/identity'],
};

/** Spec service-type words and the product's (rules/accounts.json attachability). */
const SERVICE_TYPES: Record<string, string> = { 'domain entitlements': 'domain-entitlements' };

/** doc1 §2.7 / §4.1 profile-card labels and the product's store statuses (rules/accounts.json storeStatus). */
const PROFILE_STATUSES: Record<string, string> = {
  approved: 'approved',
  'in review': 'inReview',
  incomplete: 'incomplete',
  'verification needed': 'verificationNeeded',
  'not started': 'notStarted',
};

type Given = Record<string, unknown>;

/** Asserts a routing answer (a spec route, 'stay', or a spec word) against a case's expectation. */
function expectRoute(answer: string, expected: unknown): void {
  if (typeof expected === 'string' && SIGNUP_STEPS[expected]) {
    expect(SIGNUP_STEPS[expected]).toContain(answer);
    return;
  }
  expect(allowed(expected)).toContain(answer);
}

/** The product's answer for a case of each table, in the spec's vocabulary. */
const answers: Record<string, (given: Given) => unknown> = {
  // The first step-up, ignoring BO_VERIFICATION, selects the next screen: where the onboard submit (the terms after the review, the
  // last signup step) goes. A step-up list comes with a pending decision (doc1 §4.1); the tables name none.
  'doc1 §4.2 step-up screen': (g) =>
    specRoute(next(onboardSubmit().next, contextFor(g, { decision: 'APPROVED_PENDING' }))),
  // No step-up left: the same routing, in the row's situation.
  'doc1 §4.3 no step-up left': (g) => specRoute(next(onboardSubmit().next, contextFor(g))),
  'doc1 §4.4 after onboard': (g) => {
    const answer = g.onboardAnswer;
    if (answer === 'network failure')
      return specRoute(next(onboardSubmit().onError, { ...contextFor(g), error: { status: 0 } }));
    const { status, decision, level } = answer as { status?: number; decision?: string; level?: string };
    if (status !== undefined) return specRoute(next(onboardSubmit().onError, { ...contextFor(g), error: { status } }));
    const before = contextFor(g).application as Record<string, unknown>;
    // The onboard answer's decision and level are saved on the application (doc1 §4.4); the level it had before
    // is its original level.
    const after = contextFor({ ...g, decision, ...(level ? { level, originalLevel: before.applicationLevel } : {}) });
    return specRoute(next(onboardSubmit().next, after));
  },
  'doc1 §4.4 after a bank is linked': (g) => {
    const context = contextFor(g);
    if (g.signupForm !== undefined) {
      // The case names the form in use; our context derives it (doc1 §2.6): the two must agree.
      expect(specRoute((context.application as Record<string, string>).signupForm)).toBe(
        g.signupForm === 'new' ? 'applicant' : 'update',
      );
    }
    return specRoute(next(screen('bank-linked').next, { ...context, query: { public_token: 'public-sandbox-1' } }));
  },
  'doc1 §2.6 which signup form': (g) => specRoute((contextFor(g).application as Record<string, string>).signupForm),
  'doc1 §2.6 step on loading the new form': (g) => {
    const context = contextFor({ portal: 'reseller', ...g });
    expect(specRoute((context.application as Record<string, string>).signupForm)).toBe(
      g.signupForm === 'new' ? 'applicant' : 'update',
    );
    return specRoute(next(screen('resume').next, context));
  },
  'doc1 §2.8 after the environment loads': (g) => {
    const context = contextFor(g);
    const list: Array<Record<string, string>> =
      (g.accountsList as Array<Record<string, string>> | undefined) ??
      Array.from({ length: (g.accounts as number | undefined) ?? 0 }, (_, i) => ({
        businessId: `B${i + 1}`,
        riskDecision: 'PENDING',
        level: 'BASIC',
      }));
    const accounts: AccountEntry[] = list.map((account, i) => ({
      applicationId: `urn:app:acct${i}-bbbb-cccc-dddd-eeee`,
      businessId: account.businessId,
      // The spec's words are the entity's own enum values (a case with another word fails in the product's answer).
      riskDecision: account.riskDecision as AccountEntry['riskDecision'],
      applicationLevel: account.level as AccountEntry['applicationLevel'],
      ...(account.intent ? { originalIntent: account.intent as AccountEntry['originalIntent'] } : {}),
    }));
    const boot = {
      environment: context.environment,
      flags: context.flags,
      query: context.query as Record<string, string>,
      route: {},
      user: context.user,
    };
    const target = afterEnvironmentTarget(bundle, 'after-environment', accounts, boot);
    if (target === undefined) return 'stay';
    const [path, search = ''] = target.split('?');
    // 'query kept': every launch parameter of the visit is on the address it goes to.
    for (const [name, value] of Object.entries(boot.query)) expect(new URLSearchParams(search).get(name)).toBe(value);
    if (path === '/') return '/';
    return path.replace(/^\/urn:app:[^/]+\//, '').replace(/^\//, '');
  },
  'doc1 §4.1 level and exit notification': (g) => {
    const context = contextFor(g);
    const expected = (tables['doc1 §4.1 level and exit notification'].cases.find((c) => c.given === g)?.expect ??
      {}) as Record<string, unknown>;
    const result: Record<string, unknown> = {};
    if ('treatedAsLevel' in expected) result.treatedAsLevel = (context.application as Record<string, unknown>).level;
    if ('exitNotification' in expected)
      result.exitNotification = beaconsFor(bundle.shell, context).some((beacon) => beacon.id === 'exitNotification');
    return result;
  },
  'doc1 §4.7 accounts and stores': (g) => {
    if (g.sort) {
      const entries = (g.sort as string[]).map((label, i) => {
        const [decision, level] = label.split(' ');
        const entry: AccountEntry = {
          applicationId: `a${i}`,
          riskDecision: decision as AccountEntry['riskDecision'],
          ...(level ? { applicationLevel: level as AccountEntry['applicationLevel'] } : {}),
        };
        return { ...entry, label };
      });
      return { order: orderAccounts(entries, accountsRules.order).map((entry) => entry.label) };
    }
    if (g.store) {
      const store = g.store as Record<string, string | null>;
      const type = store.serviceType ?? undefined;
      const entry = {
        id: store.id as string,
        ...(store.serviceId ? { serviceId: store.serviceId } : {}),
        ...(type ? { serviceType: SERVICE_TYPES[type] ?? type } : {}),
      };
      const current = g.currentServiceType
        ? { serviceType: g.currentServiceType as string, serviceId: 'S-current' }
        : {};
      return { attachable: storeAttachable(entry, current, accountsRules.attachability) };
    }
    const status = PROFILE_STATUSES[g.profileStatus as string];
    if (!status) throw new Error(`no product status for the spec's '${String(g.profileStatus)}'`);
    const action = storeAction(status, accountsRules.statusActions);
    return { button: (enUSAccounts.messages as Record<string, string>)[`accounts.stores.actions.${action}`] };
  },
  'doc1 §4.9 order': (g) => {
    if (g.plansOffer || g.loadedOrderFirstProfile) {
      const plan = (planKey: string, device: string, frequency?: string) => ({
        planKey,
        planName: planKey,
        device,
        perUnit: 1,
        trialPeriodDays: 0,
        ...(frequency ? { frequency } : {}),
      });
      const offered: Record<string, object> = {
        rent: plan('n910', 'N910', 'MONTHLY'),
        buy: plan('buy', 'PoyntC'),
        noDevice: plan('noDevice', 'NO_DEVICE', 'MONTHLY'),
      };
      const plans = ((g.plansOffer as string[] | undefined) ?? ['rent', 'buy', 'noDevice']).map((key) => offered[key]);
      const profile = g.loadedOrderFirstProfile as { name: string; frequency?: string } | undefined;
      const order = profile
        ? {
            id: 'ord_1',
            profiles: [
              { planName: profile.name, ...(profile.frequency ? { frequency: profile.frequency.toUpperCase() } : {}) },
            ],
          }
        : {};
      const flags = contextFor(g).flags;
      const schema = resolveScreen(screen('order'), {
        environment: { market: 'US' },
        flags,
        order,
        data: { getPlans: { plans } },
      }).form!.schema as {
        properties: { orderType: { default: string } };
      };
      return profile
        ? { orderType: schema.properties.orderType.default }
        : { defaultOrderType: schema.properties.orderType.default };
    }
    if (g.devices !== undefined) {
      // doc1 §4.9: the licence count against the device count, on the bundle screen: a warning the applicant confirms.
      const schema = screen('order-bundle').form!.schema as { allOf: object[] };
      const validate = new Ajv({ allErrors: true, strict: false }).compile({ allOf: schema.allOf });
      const form = { quantity: g.devices, licences: g.licences };
      validate(form);
      const wants = (validate.errors ?? []).map(
        (error) => (error.params as { missingProperty?: string }).missingProperty,
      );
      const warning = wants.includes('fewerOk')
        ? 'fewer licences than devices'
        : wants.includes('moreOk')
          ? 'more licences than devices'
          : undefined;
      const confirmed = wants.includes('fewerOk') ? { fewerOk: true } : { moreOk: true };
      return { warning, continueAnyway: validate({ ...form, ...confirmed }) };
    }
    const device = (g.device ?? { price: g.priceDollars, trialPeriodDays: 0 }) as {
      price: number;
      trialPeriodDays: number;
    };
    const rules = {
      markets: {
        US: [
          {
            planKey: 'p',
            planName: 'p',
            device: 'N910',
            perUnit: device.price,
            trialPeriodDays: device.trialPeriodDays,
          },
        ],
      },
      shipping: { US: 0 },
      freeShippingDays: { US: 0 },
    } as unknown as PlanRules;
    const priced = priceOrder(rules, 'US', [{ planKey: 'p', quantity: 1 }]);
    if ('problems' in priced) throw new Error('the plan was refused');
    return g.device
      ? { upfrontCents: priced.profiles[0].upfrontCents }
      : { amountCents: priced.profiles[0].perUnitCents };
  },
};

describe('the specification’s tables, case by case (../shared/spec-tables.json)', () => {
  it('the runner knows every table and every flag the file uses', () => {
    expect(Object.keys(tables).sort()).toEqual(Object.keys(answers).sort());
    const flags = new Set(
      Object.values(tables).flatMap((table) =>
        table.cases.flatMap((c) => Object.keys((c.given.flags ?? {}) as object)),
      ),
    );
    for (const flag of flags) expect(FLAG_NAMES, flag).toHaveProperty(flag);
  });

  // doc1 §4.3 row 7 'approved with a channel request: add-channel', doc1 §3 launch parameters channelName and
  // channelType: the channel the partner's link asked for reaches the add-channel form, which starts with it.
  it('doc1 §4.3 row 7: the launch channel request travels to the add-channel form', () => {
    const context = contextFor({ decision: 'APPROVED', channelRequested: true });
    (context.query as Record<string, string>).channelType = 'ONLINE';
    const target = nextTarget(onboardSubmit().next, context, bundle as unknown as Parameters<typeof nextTarget>[2]);
    expect(target?.screen).toBe('add-channel');
    const search = new URLSearchParams(target?.href?.split('?')[1]);
    expect(search.get('channelName')).toBe('Online shop');
    expect(search.get('channelType')).toBe('ONLINE');
  });

  for (const [name, table] of Object.entries(tables)) {
    describe(name, () => {
      table.cases.forEach((c: SpecCase, index) => {
        const id = `${name} #${index + 1}`;
        const open = OPEN_READINGS[id];
        const known = KNOWN_DIFFERENCES[id];
        (known ? it.fails : it)(
          `${id}${c.row ? ` (row ${c.row})` : ''}: ${JSON.stringify(c.given)} → ${JSON.stringify(open ? open.answer : c.expect)}${known ? ` (known difference: ${known})` : ''}`,
          () => {
            const answer = answers[name](c.given);
            if (open) {
              expect(answer).toEqual(open.answer);
            } else if (typeof answer === 'string') {
              expectRoute(answer, c.expect);
            } else {
              expect(answer).toEqual(c.expect);
            }
          },
        );
      });
    });
  }
});
