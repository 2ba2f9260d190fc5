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
import { contextsOf, type CoverageConfig } from '../../../scripts/coverage/contexts.ts';
import { movesOf } from '../../../scripts/coverage/records.ts';
import { coverageMarkdown, coverageOf } from '../../../scripts/coverage/report.ts';
import { screenForPath } from '../../../scripts/coverage/screens.ts';
import { canHold, enumerateTransitions } from '../../../scripts/coverage/transitions.ts';

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
      variants: [{ when: market('CA'), merge: { next: [{ to: 'ca-extra' }] } }],
    },
    'ca-extra': { id: 'ca-extra', path: '/:applicationId/form/extra', kind: 'form', next: [{ to: 'done' }, { to: 'ca-extra' }] },
    waiting: { id: 'waiting', path: '/:applicationId/waiting', kind: 'message', entry: true, watch: { call: 'x', everyMs: 1000, until: true, next: [{ to: 'done' }] } },
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

describe('enumerateTransitions', () => {
  const all = enumerateTransitions(bundle, config);
  const inContext = (key: string) => all.filter((t) => t.context === key).map((t) => `${t.from}->${t.to}`);

  test('rows, tables (nested), secondary actions, watches and variants; self-loops left out', () => {
    expect(inContext('US/domain/en-US')).toEqual(['form->done', 'form->error', 'start->form', 'waiting->done']);
  });

  test('a variant whose condition reads only the environment counts only where it holds', () => {
    expect(inContext('CA/domain/fr-CA')).toContain('form->ca-extra');
    expect(inContext('US/domain/en-US')).not.toContain('form->ca-extra');
    expect(inContext('CA/terminal/en-CA')).toContain('ca-extra->done');
    // Reached only through the Canadian variant: its own rows do not count in the US.
    expect(inContext('US/domain/en-US')).not.toContain('ca-extra->done');
  });

  test('a flag off in the configuration rules a row out; data conditions stay possible', () => {
    expect(all.some((t) => t.to === 'phone')).toBe(false);
    expect(all.filter((t) => t.from === 'form' && t.to === 'error')).toHaveLength(6);
  });

  test('one transition per context and pair, with every row that makes it', () => {
    const formDone = all.find((t) => t.context === 'US/domain/en-US' && t.from === 'form' && t.to === 'done')!;
    expect(formDone.sources).toEqual(['form#/next/0 > table outcome/1 > table more/1', 'form#/secondary/0/next/0']);
  });

  test('canHold splits and/or so the environment part of a mixed condition still decides', () => {
    const facts = { environment: { market: 'US', currency: 'USD' }, flags: { phoneAuth: false } };
    expect(canHold({ and: [{ '==': [{ var: 'flags.phoneAuth' }, true] }, { '==': [{ var: 'application.x' }, 1] }] }, facts)).toBe(false);
    expect(canHold({ or: [market('CA'), { '==': [{ var: 'application.x' }, 1] }] }, facts)).toBe(true);
    expect(canHold(market('CA'), facts)).toBe(false);
    expect(canHold(undefined, facts)).toBe(true);
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

describe('movesOf and coverageOf', () => {
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
    expect(movesOf(record).map((m) => `${m.context}:${m.from}->${m.to}`)).toEqual(['US/domain/en-US:start->form', 'US/domain/en-US:form->start', 'CA/domain/fr-CA:form->done']);
  });

  test('the report counts covered transitions per context, lists the rest and the undeclared moves', () => {
    const report = coverageOf(enumerateTransitions(bundle, config), movesOf(record));
    expect(report.covered.map((t) => `${t.context}:${t.from}->${t.to}`)).toEqual(['CA/domain/fr-CA:form->done', 'US/domain/en-US:start->form']);
    expect(report.covered[0].tests).toEqual(['journey']);
    expect(report.uncovered.length).toBe(report.total - 2);
    expect(report.byContext['US/domain/en-US']).toEqual({ total: 4, covered: 1 });
    expect(report.undeclared.map((m) => `${m.from}->${m.to}`)).toEqual(['form->start']);
    const markdown = coverageMarkdown(report, '/runs/1');
    expect(markdown).toContain('Covered 2 of');
    expect(markdown).toContain('- US/domain/en-US: form → error (form#/next/0 > table outcome/0)');
  });
});

describe('check.ts', () => {
  const run = (env: Record<string, string>) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/coverage/check.ts'], { cwd: join(import.meta.dirname, '../../..'), env: { ...process.env, ...env }, encoding: 'utf8' });

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
