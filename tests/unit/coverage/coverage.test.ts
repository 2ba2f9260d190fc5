/**
 * Transition coverage (scripts/coverage): the graph enumerated from a small bundle per market, portal and locale;
 * conditions on the environment rule rows and variants out; URLs map to screens; recorded visits become moves;
 * the report lists uncovered transitions and undeclared moves; the strict check fails only when switched on.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { ContentBundle } from '../../../engine/content/types.ts';
import { cobrandOf, contextsOf, type CoverageConfig } from '../../../scripts/coverage/contexts.ts';
import { movesOf, passedOnly, type TestRecord } from '../../../scripts/coverage/records.ts';
import { coverageMarkdown, coverageOf } from '../../../scripts/coverage/report.ts';
import { screenForPath } from '../../../scripts/coverage/screens.ts';
import { canHold, flowGraph, mustHold } from '../../../scripts/coverage/transitions.ts';

const config: CoverageConfig = {
  markets: { US: { currency: 'USD', locales: ['en-US'] }, CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] } },
  portalRules: [{ portal: 'terminal' }],
  defaultPortal: 'domain',
  flags: { phoneAuth: false },
};

const market = (m: string) => ({ '==': [{ var: 'environment.market' }, m] });

const bundle = {
  flows: { signup: { id: 'signup', entry: 'start' } },
  calls: {},
  tables: {
    outcome: { rows: [{ when: { '==': [{ var: 'application.decision' }, 'ERROR'] }, to: 'error' }, { table: 'more' }] },
    more: { rows: [{ when: { '==': [{ var: 'flags.phoneAuth' }, true] }, to: 'phone' }, { to: 'done' }] },
  },
  screens: {
    start: { id: 'start', path: '/', kind: 'message', next: [{ to: 'form' }] },
    form: {
      id: 'form',
      path: '/:applicationId/form',
      kind: 'form',
      next: [{ table: 'outcome' }],
      secondary: [{ id: 'later', actions: [], next: [{ to: 'done' }] }],
      variants: [
        { when: market('CA'), merge: { next: [{ to: 'ca-extra' }] } },
        { when: { '==': [{ var: 'application.decision' }, 'APPROVED'] }, merge: { next: [{ to: 'done' }] } },
      ],
    },
    review: {
      id: 'review',
      path: '/:applicationId/review',
      kind: 'message',
      entry: true,
      next: [{ table: 'outcome' }],
    },
    'ca-extra': {
      id: 'ca-extra',
      path: '/:applicationId/form/extra',
      kind: 'form',
      next: [{ to: 'done' }, { to: 'ca-extra' }],
    },
    waiting: {
      id: 'waiting',
      path: '/:applicationId/waiting',
      kind: 'message',
      entry: true,
      watch: { call: 'x', everyMs: 1000, until: true, next: [{ to: 'done' }] },
    },
    phone: { id: 'phone', path: '/:applicationId/phone', kind: 'form', final: true },
    error: { id: 'error', path: '/:applicationId/error', kind: 'message', final: true },
    done: { id: 'done', path: '/:applicationId/done', kind: 'message', final: true },
  },
} as unknown as ContentBundle;

describe('contexts', () => {
  test('every market with each of its locales on every configured portal', () => {
    expect(contextsOf(config).map((c) => `${c.market}/${c.portal}/${c.locale}`)).toEqual([
      'US/domain/en-US',
      'US/terminal/en-US',
      'CA/domain/en-CA',
      'CA/domain/fr-CA',
      'CA/terminal/en-CA',
      'CA/terminal/fr-CA',
    ]);
  });
});

describe('co-brand launches (rules/accounts.json cobrands)', () => {
  const withCobrands: CoverageConfig = {
    ...config,
    cobrands: { 'pos-shop': { portal: 'reseller', flags: { phoneAuth: true } }, partner: { flags: {} }, plain: {} },
  };
  const graph = flowGraph(bundle, withCobrands);
  const edge = (id: string) => graph.edges.find((e) => e.id === id);

  test("a co-brand's portal is a context of its own; one without a portal adds none", () => {
    expect(contextsOf(withCobrands).map((c) => `${c.market}/${c.portal}/${c.locale}`)).toEqual([
      'US/domain/en-US',
      'US/terminal/en-US',
      'US/reseller/en-US',
      'CA/domain/en-CA',
      'CA/domain/fr-CA',
      'CA/terminal/en-CA',
      'CA/terminal/fr-CA',
      'CA/reseller/en-CA',
      'CA/reseller/fr-CA',
    ]);
  });

  test('a flag the co-brand sets may be on in its portal only: the row it rules exists there and nowhere else', () => {
    // flags.phoneAuth is off in the configuration; the pos-shop co-brand turns it on for its reseller launches.
    expect(edge('table:more -> phone')?.contexts).toEqual([
      'US/reseller/en-US',
      'CA/reseller/en-CA',
      'CA/reseller/fr-CA',
    ]);
    expect(flowGraph(bundle, config).edges.some((e) => e.id === 'table:more -> phone')).toBe(false);
  });

  test('cobrandOf names the co-brand of an /r/{id} address, only a known one', () => {
    expect(cobrandOf(withCobrands, '/r/pos-shop/urn:app:1/form')?.portal).toBe('reseller');
    expect(cobrandOf(withCobrands, '/r/unknown/urn:app:1/form')).toBeUndefined();
    expect(cobrandOf(withCobrands, '/urn:app:1/form')).toBeUndefined();
  });
});

describe('the boot routing of the application root (doc1 §2.8, after-environment)', () => {
  const booting = {
    ...bundle,
    tables: {
      ...bundle.tables,
      'after-environment': {
        rows: [{ when: { '>': [{ var: 'accounts.count' }, 1] }, to: 'review' }, { table: 'outcome' }],
      },
    },
  } as unknown as ContentBundle;
  const graph = flowGraph(booting, config);

  test('the screen at / routes through the table: root -> table:after-environment, then its targets', () => {
    const ids = graph.edges.map((e) => e.id);
    expect(ids).toContain('start -> table:after-environment');
    expect(ids).toContain('table:after-environment -> review');
    expect(ids).toContain('table:after-environment -> table:outcome');
    expect(graph.edges.find((e) => e.id === 'start -> table:after-environment')?.sources).toEqual(['start#/boot/0']);
  });

  test('a move from the root that the boot routing makes is declared (covers its edges), not undeclared', () => {
    const record: TestRecord = {
      test: 'boot',
      status: 'passed',
      visits: [
        { screen: 'start', url: '/', context: 'US/domain/en-US', typed: true },
        { screen: 'review', url: '/urn:app:1/review', context: 'US/domain/en-US' },
      ],
    };
    const report = coverageOf(graph, [record]);
    expect(report.undeclared).toEqual([]);
    expect(report.covered.map((e) => e.id)).toEqual([
      'start -> table:after-environment',
      'table:after-environment -> review',
    ]);
  });

  test('without the table (or on another path) nothing is added', () => {
    expect(flowGraph(bundle, config).edges.some((e) => e.from === 'table:after-environment')).toBe(false);
  });
});

describe("a link a screen's kind renders to another screen (options.href)", () => {
  const linking = {
    ...bundle,
    screens: {
      ...bundle.screens,
      offers: {
        id: 'offers',
        path: '/offers',
        kind: 'item-list',
        entry: true,
        final: true,
        options: { href: { cat: ['/urn:app:1/review?offer=', { var: 'item.id' }] } },
      },
      away: {
        id: 'away',
        path: '/away',
        kind: 'redirect',
        entry: true,
        final: true,
        options: { href: '/sso/login?path=RETURN' },
      },
    },
  } as unknown as ContentBundle;
  const ids = flowGraph(linking, config).edges.map((e) => e.id);

  test('an address in the app is an edge to the screen it shows; one outside the app (sign-on) adds none', () => {
    expect(ids).toContain('offers -> review');
    expect(ids.filter((id) => id.startsWith('away ->'))).toEqual([]);
  });
});

describe('the header links of the shell (rules/shell.json headerLinks)', () => {
  const withHeader = {
    ...bundle,
    shell: {
      headerLinks: [{ id: 'switch', to: 'review', when: { '>': [{ count: { var: 'data.getAccounts' } }, 1] } }],
    },
  } as unknown as ContentBundle;
  const graph = flowGraph(withHeader, config);

  test('a header link is one edge header:<id> -> target, whichever screen it is followed from; screens without the parameters have none', () => {
    expect(graph.edges.filter((e) => e.from === 'header:switch').map((e) => e.id)).toEqual(['header:switch -> review']);
    const froms = new Set(graph.routes.filter((r) => r.edges.includes('header:switch -> review')).map((r) => r.from));
    expect(froms.has('form')).toBe(true);
    expect(froms.has('start')).toBe(false); // `/` gives no applicationId
    expect(froms.has('review')).toBe(false);
  });

  test('a move through the header link is declared and covers its edge', () => {
    const record: TestRecord = {
      test: 'header',
      status: 'passed',
      visits: [
        { screen: 'form', url: '/urn:app:1/form', context: 'US/domain/en-US', typed: true },
        { screen: 'review', url: '/urn:app:1/review', context: 'US/domain/en-US' },
      ],
    };
    const report = coverageOf(graph, [record]);
    expect(report.undeclared).toEqual([]);
    expect(report.covered.map((e) => e.id)).toEqual(['header:switch -> review']);
  });
});

describe('flowGraph: what one transition is', () => {
  const graph = flowGraph(bundle, config);
  const ids = graph.edges.map((e) => e.id);
  const edge = (id: string) => graph.edges.find((e) => e.id === id)!;
  const US = 'US/domain/en-US';
  const CA = ['CA/domain/en-CA', 'CA/domain/fr-CA', 'CA/terminal/en-CA', 'CA/terminal/fr-CA'];

  test('a routing table is a node: screen → table once, table → each target once, however many screens use it', () => {
    expect(ids).toEqual([
      'ca-extra -> done',
      'form -> done',
      'form -> table:outcome',
      'form [form#/variants/0] -> ca-extra',
      'form [form#/variants/1] -> done',
      'review -> table:outcome',
      'start -> form',
      'table:more -> done',
      'table:outcome -> error',
      'table:outcome -> table:more',
      'waiting -> done',
    ]);
    // Not one edge per context: 11 edges for 6 contexts.
    expect(graph.contexts).toHaveLength(6);
    expect(edge('table:outcome -> error').sources).toEqual(['table outcome/0']);
  });

  test('a flag off in the configuration rules a table row out; a data condition stays possible', () => {
    expect(ids.some((id) => id.includes('phone'))).toBe(false);
    expect(edge('table:outcome -> error').contexts).toHaveLength(6);
  });

  test('an edge declared outside variants is one edge, existing in every context where its row can hold', () => {
    expect(edge('start -> form').contexts).toHaveLength(6);
    expect(edge('start -> form').variant).toBeUndefined();
    // The secondary action and the table both reach done: two edges, each with its own row.
    expect(edge('form -> done').sources).toEqual(['form#/secondary/0/next/0']);
  });

  test('a variant contributes its own edge, existing only where the variant can apply', () => {
    expect(edge('form [form#/variants/0] -> ca-extra')).toMatchObject({ variant: 'form#/variants/0', contexts: CA });
    // Reached only through the Canadian variant: its own rows exist only in Canada.
    expect(edge('ca-extra -> done').contexts).toEqual(CA);
    // A variant on the applicant's data may apply anywhere.
    expect(edge('form [form#/variants/1] -> done').contexts).toHaveLength(6);
  });

  test("a variant that certainly applies replaces the screen's own list (JSON Merge Patch), so the screen's rows do not exist there", () => {
    expect(edge('form -> table:outcome').contexts).toEqual([US, 'US/terminal/en-US']);
    // The secondary list is not merged by the variant: it stays everywhere.
    expect(edge('form -> done').contexts).toHaveLength(6);
    expect(
      graph.routes
        .filter((r) => r.context === CA[0] && r.from === 'form')
        .map((r) => r.to)
        .sort(),
    ).toEqual(['ca-extra', 'done', 'done']);
  });

  test('a route lists the edges a move takes, through nested tables', () => {
    expect(
      graph.routes.filter((r) => r.context === US && r.from === 'form' && r.to === 'done').map((r) => r.edges),
    ).toEqual([
      ['form -> table:outcome', 'table:outcome -> table:more', 'table:more -> done'],
      ['form -> done'],
      ['form [form#/variants/1] -> done'],
    ]);
  });

  test('canHold splits and/or so the environment part of a mixed condition still decides; mustHold needs certainty', () => {
    const facts = {
      name: 'US',
      environment: { market: 'US', currency: 'USD' },
      flags: { phoneAuth: false },
      known: true,
    };
    expect(
      canHold({ and: [{ '==': [{ var: 'flags.phoneAuth' }, true] }, { '==': [{ var: 'application.x' }, 1] }] }, facts),
    ).toBe(false);
    expect(canHold({ or: [market('CA'), { '==': [{ var: 'application.x' }, 1] }] }, facts)).toBe(true);
    expect(canHold(market('CA'), facts)).toBe(false);
    expect(canHold(undefined, facts)).toBe(true);
    expect(mustHold(market('US'), facts)).toBe(true);
    // A launch fact the configuration does not give (a redirect URL) may be anything: possible, never certain.
    const launched = { present: { var: 'environment.redirectUrl' } };
    expect(canHold(launched, facts)).toBe(true);
    expect(mustHold(launched, facts)).toBe(false);
    expect(canHold({ and: [market('CA'), launched] }, facts)).toBe(false);
    // A flag the configuration does not name is off.
    expect(canHold({ '==': [{ var: 'flags.unnamed' }, true] }, facts)).toBe(false);
    expect(mustHold({ and: [market('US'), { '==': [{ var: 'application.x' }, 1] }] }, facts)).toBe(false);
  });
});

describe('screenForPath', () => {
  test('maps paths (with the co-brand prefix) to screens, the most specific first', () => {
    expect(screenForPath(bundle, '/')).toBe('start');
    expect(screenForPath(bundle, '/urn:app:a/form')).toBe('form');
    expect(screenForPath(bundle, '/urn:app:a/form/extra')).toBe('ca-extra');
    expect(screenForPath(bundle, '/r/partner/urn:app:a/done')).toBe('done');
    expect(screenForPath(bundle, '/sso/login')).toBeUndefined();
  });
});

describe('movesOf', () => {
  const record = {
    test: 'journey',
    visits: [
      { screen: null, url: '/sso/login', context: 'US/domain/en-US' },
      { screen: 'start', url: '/', context: 'US/domain/en-US' },
      { screen: 'form', url: '/a/form', context: 'US/domain/en-US' },
      { screen: 'form', url: '/a/form?x', context: 'US/domain/en-US' },
      { screen: 'start', url: '/', context: 'US/domain/en-US' },
      { screen: 'form', url: '/a/form', context: 'CA/domain/fr-CA' },
      { screen: 'done', url: '/a/done', context: 'CA/domain/fr-CA' },
    ],
  };

  test('consecutive different screens in one context are moves; sign-on pages and context changes break the chain', () => {
    expect(movesOf(record).map((m) => `${m.context}:${m.from}->${m.to}`)).toEqual([
      'US/domain/en-US:start->form',
      'US/domain/en-US:form->start',
      'CA/domain/fr-CA:form->done',
    ]);
  });

  test("a second page's visits (another device) make moves of their own, never joined to the first page's", () => {
    const c = 'US/domain/en-US';
    const twoDevices = {
      test: 'phone',
      visits: [
        { screen: 'start', url: '/', context: c },
        { screen: 'waiting', url: '/a/waiting', context: c, page: 1 },
        { screen: 'form', url: '/a/form', context: c },
        { screen: 'done', url: '/a/done', context: c, page: 1 },
      ],
    };
    expect(movesOf(twoDevices).map((m) => `${m.from}->${m.to}`)).toEqual(['start->form', 'waiting->done']);
  });

  test('an address the test typed (or back/forward) ends no move, even one a row declares', () => {
    const c = 'US/domain/en-US';
    const typed = {
      test: 'goto',
      visits: [
        { screen: 'start', url: '/', context: c },
        { screen: 'form', url: '/a/form', context: c, typed: true },
        { screen: 'done', url: '/a/done', context: c },
      ],
    };
    expect(movesOf(typed).map((m) => `${m.from}->${m.to}`)).toEqual(['form->done']);
  });
});

describe('coverageOf: when a transition counts as covered', () => {
  const graph = flowGraph(bundle, config);
  const visit = (context: string, screen: string | null) => ({ screen, url: `/${screen ?? 'sso/login'}`, context });
  const journey = (test: string, context: string, ...screens: Array<string | null>): TestRecord => ({
    test,
    visits: screens.map((s) => visit(context, s)),
  });
  const covered = (records: TestRecord[]) => coverageOf(graph, records).covered.map((e) => e.id);

  test('a move through a table covers the screen → table edge and the table → target edge only', () => {
    expect(covered([journey('j', 'US/domain/en-US', 'review', 'error')])).toEqual([
      'review -> table:outcome',
      'table:outcome -> error',
    ]);
  });

  test("a table edge is covered whichever screen routed through it; the other screen's edge stays uncovered", () => {
    const report = coverageOf(graph, [journey('j', 'US/domain/en-US', 'start', 'form', 'error')]);
    expect(report.covered.map((e) => e.id)).toContain('table:outcome -> error');
    expect(report.uncovered.map((e) => e.id)).toContain('review -> table:outcome');
  });

  test('a nested table: every edge of the way is covered, the same target through another row as well', () => {
    // form -> done: through outcome > more, the data variant, and the secondary action. One move cannot tell them apart.
    expect(covered([journey('j', 'US/domain/en-US', 'form', 'done')])).toEqual([
      'form -> done',
      'form -> table:outcome',
      'form [form#/variants/1] -> done',
      'table:more -> done',
      'table:outcome -> table:more',
    ]);
  });

  test('an edge declared outside variants is covered once, in any context where it exists', () => {
    const report = coverageOf(graph, [journey('j', 'CA/terminal/fr-CA', 'start', 'form')]);
    const edge = report.covered.find((e) => e.id === 'start -> form')!;
    expect(edge.takenIn).toEqual(['CA/terminal/fr-CA']);
    expect(report.covered).toHaveLength(1);
    expect(report.total).toBe(11);
  });

  test('a variant edge is covered only where its variant applies; the same move elsewhere is undeclared', () => {
    const us = coverageOf(graph, [journey('us', 'US/domain/en-US', 'form', 'ca-extra')]);
    expect(us.covered).toEqual([]);
    expect(us.undeclared.map((m) => `${m.context}:${m.from}->${m.to}`)).toEqual(['US/domain/en-US:form->ca-extra']);
    expect(covered([journey('ca', 'CA/domain/en-CA', 'form', 'ca-extra')])).toEqual([
      'form [form#/variants/0] -> ca-extra',
    ]);
  });

  test('a row the variant replaced there covers nothing: form -> error in Canada is undeclared', () => {
    const report = coverageOf(graph, [journey('ca', 'CA/domain/fr-CA', 'form', 'error')]);
    expect(report.covered).toEqual([]);
    expect(report.undeclared).toHaveLength(1);
  });

  test('every market, portal and locale needs a journey; sign-on pages do not count as one', () => {
    const report = coverageOf(graph, [
      journey('us', 'US/domain/en-US', 'start', 'form'),
      journey('sso', 'CA/terminal/fr-CA', null),
    ]);
    expect(report.missing).toEqual(['market CA', 'portal terminal', 'locale en-CA', 'locale fr-CA']);
    expect(report.journeys.market).toEqual({ US: ['us'], CA: [] });
    const all = coverageOf(graph, [
      journey('a', 'US/domain/en-US', 'start'),
      journey('b', 'CA/terminal/fr-CA', 'start'),
      journey('c', 'CA/domain/en-CA', 'start'),
    ]);
    expect(all.missing).toEqual([]);
  });

  test('only passed tests count', () => {
    const records = [
      { ...journey('ok', 'US/domain/en-US', 'start', 'form'), status: 'passed' },
      { ...journey('bad', 'US/domain/en-US', 'review', 'error'), status: 'failed' },
      journey('old', 'US/domain/en-US', 'waiting', 'done'),
    ];
    expect(passedOnly(records).map((r) => r.test)).toEqual(['ok', 'old']);
  });

  test('the Markdown lists uncovered edges with their rows, the journeys per market, portal and locale, and what is missing', () => {
    const markdown = coverageMarkdown(
      coverageOf(graph, [journey('us', 'US/domain/en-US', 'start', 'form')]),
      '/runs/1',
    );
    expect(markdown).toContain('Covered 1 of 11 transitions');
    expect(markdown).toContain('- table:outcome -> error (table outcome/0; exists in 6 contexts)');
    expect(markdown).toContain('| market | CA | 0 |');
    expect(markdown).toContain('No journey ran in: market CA, portal terminal, locale en-CA, locale fr-CA.');
  });
});

describe('check.ts', () => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/coverage/check.ts'], {
      cwd: join(import.meta.dirname, '../../..'),
      env: { ...process.env, ...env },
      encoding: 'utf8',
    });

  test('reports uncovered transitions without failing, and fails on them with COVERAGE_STRICT=1', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coverage-'));
    mkdirSync(join(dir, 'run-1'));
    writeFileSync(join(dir, 'run-1', 'a.json'), JSON.stringify({ test: 't', visits: [] }));
    const relaxed = run({ TRANSITIONS_DIR: dir, COVERAGE_STRICT: '' });
    expect(relaxed.status, relaxed.stderr).toBe(0);
    expect(relaxed.stdout).toMatch(/Transition coverage: 0 of \d+ covered/);
    expect(relaxed.stdout).toContain('Uncovered');
    const strict = run({ TRANSITIONS_DIR: dir, COVERAGE_STRICT: '1' });
    expect(strict.status).toBe(1);
    expect(strict.stdout).toContain('COVERAGE_STRICT: failing');
  }, 60_000);
});
