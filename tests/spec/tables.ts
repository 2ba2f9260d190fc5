/**
 * The specification's decision tables (../shared/spec-tables.json, transcribed from doc1 in the specification's own
 * words, independently of our content) and the small dictionary that maps their vocabulary onto the product's
 * context and screens. The dictionary is the only place a spec word meets a product name; docs/spec-map.md explains
 * each entry. Nothing here decides where a person goes: the product's real content and routing do.
 */
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadContent } from '../../scripts/content/load.ts';
import { deriveContext } from '../../engine/app/shell-rules.ts';
import { decidingRow } from '../../engine/flow/transitions.ts';
import { resolveScreen } from '../../engine/content/resolve.ts';
import type { ContentBundle, TransitionRow } from '../../engine/content/types.ts';

/** The repository root. */
export const REPO = resolve(import.meta.dirname, '../..');

/**
 * Where the tables are: `../shared/spec-tables.json` beside the repository (as in CI), or SPEC_TABLES (a worktree
 * whose parent folder has no shared/ points it at the shared copy).
 */
export const SPEC_TABLES = process.env.SPEC_TABLES ?? resolve(REPO, '../shared/spec-tables.json');

export interface SpecCase {
  row?: number;
  given: Record<string, unknown>;
  expect: unknown;
  reading?: string;
}
export interface SpecTable {
  rule?: string;
  cases: SpecCase[];
}

/** The tables file, or a clear failure when it is absent. */
export function readSpecTables(): Record<string, SpecTable> {
  if (!existsSync(SPEC_TABLES)) {
    throw new Error(
      `The specification's tables are missing: expected ${SPEC_TABLES} (shared/spec-tables.json beside the repository). ` +
        'Put the shared folder beside the repository, or set SPEC_TABLES to the file.',
    );
  }
  return (JSON.parse(readFileSync(SPEC_TABLES, 'utf8')) as { tables: Record<string, SpecTable> }).tables;
}

/** The product's real content, as the engine runs it. */
export const bundle: ContentBundle = loadContent(REPO);

/** The spec's flag names (spec-tables.json vocabulary) and the product's (rules/config.json flags, co-brand flags). */
export const FLAG_NAMES: Record<string, string> = {
  phoneAuth: 'phoneAuth',
  storePages: 'storePages',
  eHopper: 'ehopper',
  cadNewForm: 'cad',
  masterMid: 'masterMid',
};

type Given = Record<string, unknown>;

/**
 * The product's screen context for a situation in the spec's words, with the spec file's stated defaults (portal
 * domain, USD, CREATE_BUSINESS, FULL, stepUps empty, boStatus NONE, no bank, no channel request, every flag off)
 * and the shell's derived values placed (rules/shell.json `derived`), as the engine places them.
 */
export function contextFor(given: Given, defaults: Given = {}): Record<string, unknown> {
  const g = { ...defaults, ...given };
  const flags: Record<string, unknown> = {};
  for (const [name, value] of Object.entries((g.flags ?? {}) as Record<string, unknown>)) {
    const product = FLAG_NAMES[name];
    if (!product) throw new Error(`spec flag ${name} has no product flag in tests/spec/tables.ts FLAG_NAMES`);
    flags[product] = value;
  }
  const currency = (g.currency as string | undefined) ?? 'USD';
  const stepUps = (g.stepUps as string[] | undefined) ?? [];
  const application: Record<string, unknown> = {
    id: 'urn:app:aaaa-bbbb-cccc-dddd-eeee',
    intent: g.intent ?? 'CREATE_BUSINESS',
    applicationLevel: g.level ?? 'FULL',
    stepUpDetails: stepUps.map((type) => ({ type })),
    boStatus: g.boStatus ?? 'NONE',
  };
  if (g.originalLevel !== undefined) application.originalApplicationLevel = g.originalLevel;
  if (g.decision !== undefined) application.decision = g.decision;
  if (g.businessId !== undefined) application.businessId = g.businessId;
  if (g.kycKybRequired !== undefined) application.kycKybRequired = g.kycKybRequired;
  const query: Record<string, string> = {};
  // doc1 §3 launch parameters channelName and channelType: the product's record of a channel request.
  if (g.channelRequested === true) query.channelName = 'Online shop';
  if (typeof g.serviceId === 'string') query.serviceId = g.serviceId;
  if (typeof g.currentBusinessId === 'string') query.businessId = g.currentBusinessId;
  if (g.createBusiness === true) query.createBusiness = 'true';
  const environment: Record<string, unknown> = {
    portal: g.portal ?? 'domain',
    currency,
    market: currency === 'CAD' ? 'CA' : 'US',
    locale: currency === 'CAD' ? 'en-CA' : 'en-US',
  };
  if (g.standaloneCobrand === true) environment.standalone = true;
  if (typeof g.redirectUrl === 'string') environment.redirectUrl = g.redirectUrl;
  const applicant = (g.applicant ?? {}) as Record<string, string>;
  const company = (g.company ?? {}) as Record<string, string>;
  const context = {
    environment,
    flags,
    query,
    route: { applicationId: application.id },
    user: { id: 'user-1' },
    application,
    applicant: {
      ...(applicant.firstName !== undefined || applicant.lastName !== undefined
        ? { name: { firstName: applicant.firstName, lastName: applicant.lastName } }
        : {}),
      ...(applicant.email !== undefined ? { email: { emailAddress: applicant.email } } : {}),
    },
    company: {
      // The spec's category label is our chosen industry (company.mccDetails.industryId: its label is a message of
      // the catalogues, rules/categories.json); 18 is an industry of MCC 5462 there.
      ...(company.segment !== undefined
        ? {
            name: 'Ann Lee Catering',
            segment: company.segment,
            mccDetails: company.categoryLabel ? { industryId: 18 } : {},
          }
        : {}),
    },
    owners: [],
    bank: g.bankSubmitted === true ? { submitted: true } : {},
    order: {},
    data: {},
  };
  return deriveContext(bundle.shell, context, bundle.tables);
}

/**
 * The screen a screen's own rows (`next` or `onError`) choose in a context: the engine's real routing. Undefined
 * when the row that holds stays (the spec's 'stay', doc1 §4.3 row 5); no row holding at all is a failure, not a stay.
 */
export function next(rows: readonly TransitionRow[] | undefined, context: object): string | undefined {
  const found = decidingRow(rows, context, bundle.tables);
  if (!found) throw new Error('no transition row holds: the product neither moves nor stays');
  return found.row.to;
}

/** A screen's rows by id (throws for a screen the content lacks). */
export function screen(id: string) {
  const found = bundle.screens[id];
  if (!found) throw new Error(`no screen ${id} in the content`);
  return found;
}

/**
 * The screen that submits the application (doc1 §2.7: the last step of the signup form makes the onboard call),
 * resolved as it is when it submits. It is found, not named: the one screen of the content that runs the `onboard` call only
 * in its version reached from the review (`?submit=true`, issue 22.8; the add-store and order screens onboard their own
 * intents); today that is the terms accepted after the review.
 */
export function onboardSubmit() {
  const onboards = (actions: readonly { call: string }[] | undefined) =>
    (actions ?? []).some((action) => action.call === 'onboard');
  const submitting = Object.values(bundle.screens)
    .filter((candidate) => !onboards(candidate.actions))
    .map((candidate) => resolveScreen(candidate, { query: { submit: 'true' }, applicant: {} }))
    .filter((resolved) => onboards(resolved.actions));
  if (submitting.length !== 1)
    throw new Error(
      `expected one screen that submits the application, found ${submitting.map((s) => s.id).join(', ')}`,
    );
  return submitting[0]!;
}

/**
 * The spec's name for where a screen is: its route of doc1 §2.3-2.5 without the /{id} prefix (a screen's path with
 * `/:applicationId/` removed, `:businessId` filled), or 'stay' for no move. A few of the spec's targets are not routes
 * but what happens ('redirect out', 'external payments hub'): SPEC_WORDS names the product screens that do them.
 */
export function specRoute(screenId: string | undefined, params: Record<string, string> = {}): string {
  if (screenId === undefined) return 'stay';
  const path = screen(screenId)
    .path.replace(/^\/:applicationId\/?/, '')
    .replace(/^\//, '');
  return path.replace(/:([A-Za-z]\w*)/g, (_m, name: string) => params[name] ?? `:${name}`) || '/';
}

/** Spec targets that are actions rather than routes, and the product screens that carry them out. */
export const SPEC_WORDS: Record<string, string[]> = {
  // doc1 §4.3 row 2, §4.4: back to the partner with an auth code (the screen requests it, then redirects).
  'redirect out': ['bank/partner'],
  'request the redirect': ['bank/partner'],
  // doc1 §4.4: the standalone flow's external payments hub.
  'external payments hub': ['bank/hub'],
  // doc1 §2.3, §2.8: the root.
  root: ['/'],
  'root, query kept': ['/'],
};

/** The routes an expectation allows: a route, one of several, or a spec word's screens. */
export function allowed(expect: unknown): string[] {
  const names = typeof expect === 'string' ? [expect] : ((expect as { 'one of'?: string[] })['one of'] ?? []);
  return names.flatMap((name) => SPEC_WORDS[name] ?? [name]);
}
