/**
 * The content the server reads from `rules/`: configuration, decisioning and categories. Each file is
 * validated against its meta-schema when loaded, with every error listed (a broken file stops the start).
 */
import type { IdentityTemplateRules } from '../domain/services/types.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Condition } from '../engine/conditions/index.ts';
import type { AccountsRules } from '../domain/accounts.ts';
import type { DecisioningRules, CategoryFacts } from './domain/decisioning.ts';
import type { DecidedFieldsRules } from './domain/decided-fields.ts';
import type { Market } from './domain/document.ts';
import { repoRoot } from './paths.ts';
import { expandConditions, type NamedConditions } from '../engine/conditions/named.ts';
import { loadContent as loadBundle } from '../scripts/content/load.ts';
import { screensWithRules, type ScreenRules } from './domain/screen-rules.ts';

/** One market's facts from rules/config.json. */
export interface MarketConfig {
  currency: 'USD' | 'CAD';
  locales: string[];
  dialCode: string;
  country: string;
}

/** The contents of `rules/config.json`. */
export interface ConfigRules {
  description: string;
  environment: string;
  environments: string[];
  defaultMarket: Market;
  markets: Record<Market, MarketConfig>;
  fallbackLocale: string;
  cookieHost: string;
  portalRules: Array<{ hostContains: string; portal: string }>;
  defaultPortal: string;
  flags: Record<string, boolean>;
  defaults: Record<string, unknown>;
  constants: Record<string, number> & { sessionTimeoutMs: number };
  redirects: Array<{ when: Condition; location: string }>;
}

/** The contents of `rules/categories.json` (written by the categories engineer). */
export interface Categories {
  groups: Array<{
    id: string | number;
    type?: string;
    industries: Array<{ id: string | number; mcc?: string | number; type?: string }>;
  }>;
}

/** rules/government-ids.json: how each government id source type is checked and filed. */
export interface GovernmentIdRules {
  sourceTypes: Record<
    string,
    { type: 'INDIVIDUAL' | 'BUSINESS'; markets: Market[]; format: string; shortFormat?: string; clears: string[] }
  >;
  manualEntry: { sourceTypes: string[]; legalBusinessNameFormat: string };
}

/** rules/sandbox.json: data and triggers of the sandbox providers. */
export interface SandboxRules {
  carrier: { failWhenPhoneEndsWith: string[] };
  /** Invited partners whose email contains one of these parts complete their own details first (FULL_ONBOARDING). */
  partners?: { fullOnboardingWhenEmailContains: string[] };
  cardVault: { declineOnPayment: string[]; refuseToSave: string[] };
  bankLink: {
    errorInstitution: string;
    institutions: Array<{
      id: string;
      name: string;
      accounts: Array<{ id: string; name: string; mask: string; type: 'CHECKING' | 'SAVINGS' }>;
    }>;
  };
  addressLookup: Array<Record<string, string>>;
  /** Example pricing per market, served in place of the configuration's zero pricing while the sandbox is on. */
  pricing?: Partial<Record<'US' | 'CA', Record<string, number>>>;
}

/** One plan of rules/plans.json. */
export interface Plan {
  planKey: string;
  planName: string;
  device: string;
  perUnit: number;
  trialPeriodDays: number;
  frequency?: 'MONTHLY';
}

/** rules/plans.json. */
export interface PlanRules {
  markets: Record<Market, Plan[]>;
  shipping: Record<Market, number>;
  /** Days after an application's start during which its device order ships free (0: never). */
  freeShippingDays: Record<Market, number>;
  /** Reseller bundles: each kind's bundle and two-screen upgrade, and their prices (licences too). */
  bundles: Record<
    Market,
    { kinds: Record<'restaurant' | 'retail', { bundleKey: string; upgradeKey: string }>; prices: Plan[] }
  >;
}

/** rules/offers.json. */
export interface OfferRules {
  eligibleDecisions: string[];
  offers: Array<{ key: string; amountCents: number; dailySalesPercent: number }>;
  lenderName: string;
  lenderUrl: string;
}

/** One kind of rules/step-ups.json. */
export interface StepUpKindRules {
  description: string;
  screen?: string;
  call?: string;
  routing?: string;
  sandbox?: string;
  /** How the API takes the answer; with `body`, by content alone (server/routes/step-ups.ts contentStepUpCalls). */
  answer?: {
    route: string;
    body?: Record<string, unknown>;
    /** An upload: the body property holding the file as a data URL, its largest size and its media types. */
    document?: { property: string; maxBytes: number; mediaTypes: string[] };
    /** Another way to answer the kind by content alone: a document upload at its own route. */
    upload?: {
      route: string;
      body: Record<string, unknown>;
      document: { property: string; maxBytes: number; mediaTypes: string[] };
    };
  };
}

/** rules/step-ups.json: the step-up kinds in one place (issue 25). */
export interface StepUpRules {
  kinds: Record<string, StepUpKindRules>;
}

/** Everything loaded from rules/. */
export interface Content {
  config: ConfigRules;
  decisioning: DecisioningRules;
  /** rules/decided-fields.json: what a decided application may no longer change (absent: nothing locked). */
  decidedFields?: DecidedFieldsRules;
  categories: Categories;
  governmentIds: GovernmentIdRules;
  sandbox: SandboxRules;
  plans: PlanRules;
  offers: OfferRules;
  /** rules/accounts.json (owned by the accounts calls; the server reads its store status rows). */
  accounts: AccountsRules;
  /** rules/identity-templates.json: the identity provider's inquiry template per country and kind (doc2 §9). */
  identityTemplates: IdentityTemplateRules;
  /** rules/analytics.json signedOut: the event parameters a page without a session may send (issue 27.13). */
  analyticsSignedOut: string[];
  /** rules/step-ups.json (absent: no kinds answered by content). */
  stepUps?: StepUpRules;
  /** rules/routing/signup-form.json: which signup form an application uses (doc1 §2.6); absent: not known. */
  signupForm?: { rows: Array<{ when?: unknown; to?: string }> };
  /** The screens' rules that depend on other answers, enforced on saved documents (absent: no flows/ folder). */
  screenRules?: ScreenRules;
  /** The restriction types of the industries with this MCC code, or undefined for an unknown code. */
  lookupCategory(mcc: string): CategoryFacts | undefined;
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Which JSON Schema draft a meta-schema is written in. */
function metaSchemaDraft(schema: object): '2020-12' | 'draft-07' {
  return String((schema as { $schema?: string }).$schema ?? '').includes('2020-12') ? '2020-12' : 'draft-07';
}

/** rules/conditions.json `conditions` of a tree (none when the file is absent). */
function namedConditions(root: string): NamedConditions {
  const path = join(root, 'rules/conditions.json');
  return existsSync(path) ? ((readJson(path) as { conditions?: NamedConditions }).conditions ?? {}) : {};
}

/**
 * Reads a rules file, with its named conditions (`{"condition": "<name>"}`, rules/conditions.json) expanded as the
 * engine's content loader expands them, and validates it against the meta-schema it names; throws listing every error.
 */
function readChecked<T>(root: string, file: string): T {
  const path = join(root, file);
  let data: { $schema?: string };
  try {
    data = expandConditions(readJson(path), namedConditions(root)) as { $schema?: string };
  } catch (error) {
    throw new Error(`${file}#${(error as Error).message}`, { cause: error });
  }
  const metaPath = data.$schema;
  if (typeof metaPath !== 'string') throw new Error(`${file}: missing $schema`);
  const schema = readJson(join(root, 'rules', metaPath)) as object;
  const ajv =
    metaSchemaDraft(schema) === '2020-12'
      ? new Ajv2020({ allErrors: true, strict: false })
      : new Ajv({ allErrors: true, strict: false });
  const validate = ajv.compile(schema);
  if (!validate(data)) {
    const lines = (validate.errors ?? []).map((e) => `  ${e.instancePath || '/'} ${e.message ?? ''}`);
    throw new Error(`${file} does not match ${metaPath}:\n${lines.join('\n')}`);
  }
  return data as T;
}

/** Loads and checks the rules the server needs from a repository root (default: this repository). */
export function loadContent(root: string = repoRoot): Content {
  const config = readChecked<ConfigRules>(root, 'rules/config.json');
  const decisioning = readChecked<DecisioningRules>(root, 'rules/decisioning.json');
  const categoriesPath = join(root, 'rules/categories.json');
  const categories = (existsSync(categoriesPath) ? readJson(categoriesPath) : { groups: [] }) as Categories;
  const byMcc = new Map<string, Set<string>>();
  for (const group of categories.groups ?? []) {
    for (const industry of group.industries ?? []) {
      if (industry.mcc === undefined) continue;
      const mcc = String(industry.mcc);
      const types = byMcc.get(mcc) ?? new Set<string>();
      types.add(industry.type ?? group.type ?? 'REGULAR');
      byMcc.set(mcc, types);
    }
  }
  const lookupCategory = (mcc: string): CategoryFacts | undefined => {
    const types = byMcc.get(mcc);
    return types ? { mcc, types: [...types] } : undefined;
  };
  const governmentIds = readChecked<GovernmentIdRules>(root, 'rules/government-ids.json');
  const sandbox = readChecked<SandboxRules>(root, 'rules/sandbox.json');
  const plans = readChecked<PlanRules>(root, 'rules/plans.json');
  const offers = readChecked<OfferRules>(root, 'rules/offers.json');
  const accounts = readChecked<AccountsRules>(root, 'rules/accounts.json');
  const identityTemplates = readChecked<IdentityTemplateRules>(root, 'rules/identity-templates.json');
  const decidedFields = existsSync(join(root, 'rules/decided-fields.json'))
    ? readChecked<DecidedFieldsRules>(root, 'rules/decided-fields.json')
    : undefined;
  const stepUps = existsSync(join(root, 'rules/step-ups.json'))
    ? readChecked<StepUpRules>(root, 'rules/step-ups.json')
    : undefined;
  const signupFormPath = join(root, 'rules/routing/signup-form.json');
  const signupForm = existsSync(signupFormPath)
    ? (readJson(signupFormPath) as { rows: Array<{ when?: unknown; to?: string }> })
    : undefined;
  const screenRules = existsSync(join(root, 'flows')) ? loadScreenRules(root, config, accounts) : undefined;
  const analyticsSignedOut = readChecked<{ signedOut?: string[] }>(root, 'rules/analytics.json').signedOut ?? [];
  return {
    config,
    decisioning,
    decidedFields,
    categories,
    governmentIds,
    sandbox,
    plans,
    offers,
    accounts,
    identityTemplates,
    analyticsSignedOut,
    stepUps,
    signupForm,
    screenRules,
    lookupCategory,
  };
}

/**
 * The form screens whose conditional rules the API enforces (server/domain/screen-rules.ts), from the content bundle
 * as the engine receives it (includes resolved, named conditions expanded), with the markets, portals and flags a
 * screen is resolved in.
 */
function loadScreenRules(root: string, config: ConfigRules, accounts: AccountsRules): ScreenRules {
  const bundle = loadBundle(root);
  const cobrands = Object.values((accounts as { cobrands?: Record<string, { portal?: string }> }).cobrands ?? {});
  const portals = new Set([config.defaultPortal, ...config.portalRules.map((rule) => rule.portal)]);
  for (const cobrand of cobrands) if (cobrand.portal) portals.add(cobrand.portal);
  return {
    screens: screensWithRules(Object.values(bundle.screens), bundle.calls),
    markets: config.markets,
    portals: [...portals],
    flags: config.flags ?? {},
  };
}
