/**
 * The browser's start bundle (virtual:content) carries only the call definitions and routing tables that may be read
 * before a screen's chunk is in; every other one comes with the chunks of the screens that name it
 * (virtual:screen-messages/<locale>/<id>, scripts/vite/content-split.ts), which engine/app/screen-definition.ts adds to the bundle
 * before the screen runs. Checked here on the modules the plugin writes for a build, over the real content, from where
 * the engine reads a call or a table: a screen's reads (`load`), any `call` (actions, watch, widgets' and screens'
 * options), any `table` (rows, derived values); the shell's beacons, header links and derived values; the flows' and
 * the outlines' step rows (the progress walk); the lookup of rules/services.json; the boot routing's read and table;
 * every document read; and the tables a table's rows name.
 */
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import services from '../../../rules/services.json' with { type: 'json' };
import { loadContent } from '../../../scripts/content/load.ts';
import { contentPlugin, importedParts, outlined } from '../../../scripts/vite/content-plugin.ts';
import { splitContent } from '../../../scripts/vite/content-split.ts';
import { AFTER_ENVIRONMENT } from '../../../engine/screens/after-environment.ts';
import { deriveContext } from '../../../engine/app/shell-rules.ts';
import { progressWalk } from '../../../engine/flow/progress.ts';
import type { ContentBundle, EngineBundle } from '../../../engine/content/types.ts';

const REPO = join(import.meta.dirname, '../../..');
const full = loadContent(REPO);

/** A virtual module's data exports as the plugin writes them for a build: one `export` a line, JSON or JSON.parse. */
function moduleExports(plugin: Plugin, id: string): Record<string, unknown> {
  const load = plugin.load as (id: string) => string | undefined;
  const text = load.call({}, `\0${id}`) ?? '';
  const exports: Record<string, unknown> = {};
  for (const line of text.split('\n')) {
    const match = /^export (?:default |const (\w+) = )((?:JSON\.parse\(|[[{"]).*);$/.exec(line);
    // A screen's messages spread from its kind's (`{ ...kind0.default, ... }`) are not data: this test reads the rest.
    if (!match || match[2].startsWith('{ ...')) continue;
    const value = match[2].startsWith('JSON.parse(')
      ? JSON.parse(JSON.parse(match[2].slice('JSON.parse('.length, -1)) as string)
      : JSON.parse(match[2]);
    exports[match[1] ?? 'default'] = value;
  }
  return exports;
}

interface Needs {
  calls: Set<string>;
  tables: Set<string>;
}

/** The calls and tables `value` names where the engine reads them (`load`, `call`, `table`), tables followed. */
function needsOf(values: unknown[]): Needs {
  const needs: Needs = { calls: new Set(), tables: new Set() };
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (value === null || typeof value !== 'object') return;
    for (const [key, item] of Object.entries(value)) {
      if (key === 'call' && typeof item === 'string') needs.calls.add(item);
      if (key === 'load') for (const name of [item].flat()) if (typeof name === 'string') needs.calls.add(name);
      if (key === 'table' && typeof item === 'string' && !needs.tables.has(item)) {
        needs.tables.add(item);
        visit(full.tables[item]);
      }
      visit(item);
    }
  };
  values.forEach(visit);
  return needs;
}

const plugin = contentPlugin(REPO);
const start = moduleExports(plugin, 'virtual:content').default as EngineBundle;

/** What may be read before any screen's chunk is in. */
const shellNeeds = needsOf([
  start.shell,
  start.flows,
  Object.values(start.screens).map((outline) => ({ ...outline, load: undefined })),
  services,
  { call: AFTER_ENVIRONMENT.call, table: AFTER_ENVIRONMENT.table },
  Object.entries(full.calls)
    .filter(([, call]) => call.method === 'GET' && call.result === 'document')
    .map(([call]) => ({ call })),
]);

describe('calls and routing tables come with the screens that name them', () => {
  it('the start bundle carries every call and table the shell, the boot and the progress walk read', () => {
    expect([...shellNeeds.calls].filter((name) => !(name in start.calls))).toEqual([]);
    expect([...shellNeeds.tables].filter((name) => !(name in start.tables))).toEqual([]);
    expect(shellNeeds.calls).toContain('sendExitNotification');
    expect(shellNeeds.tables).toContain('signup-form');
  });

  it('each screen has every call and table it names, from its own chunk or the start bundle', () => {
    const missing: string[] = [];
    for (const [id, screen] of Object.entries(full.screens)) {
      const chunk = moduleExports(plugin, `virtual:screen-messages/en-US/${id}`);
      expect(chunk.screen).toMatchObject({ id });
      const calls = { ...start.calls, ...(chunk.calls as object) };
      const tables = { ...start.tables, ...(chunk.tables as object) };
      const needs = needsOf([screen]);
      for (const name of needs.calls) if (!(name in calls)) missing.push(`${id}: call ${name}`);
      for (const name of needs.tables) if (!(name in tables)) missing.push(`${id}: table ${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('the start bundle leaves out what only screens name', () => {
    const all = Object.keys(full.calls).length;
    expect(Object.keys(start.calls).length).toBeLessThan(all / 4);
    for (const name of ['createApplication', 'saveApplication', 'onboard'])
      expect(start.calls).not.toHaveProperty(name);
    expect(start.tables).not.toHaveProperty('after-onboard');
    // A call several screens name comes with each of them.
    const saving = Object.keys(full.screens).filter((id) =>
      Object.hasOwn(moduleExports(plugin, `virtual:screen-messages/en-US/${id}`).calls as object, 'saveApplication'),
    );
    expect(saving).toEqual(expect.arrayContaining(['applicant-info', 'business-details', 'category', 'identity']));
  });

  it('the progress walk on the start bundle takes the steps it takes on the whole content', () => {
    for (const company of [{}, { governmentIdentification: { type: 'INDIVIDUAL' } }]) {
      for (const portal of ['domain', 'terminal']) {
        const context = deriveContext(
          full.shell,
          {
            environment: { portal, currency: 'USD', market: 'US' },
            flags: {},
            application: { id: 'urn:app:aaaa:bbbb:cccc:dddd:eeee', intent: 'CREATE_BUSINESS' },
            company,
            route: { applicationId: 'urn:app:aaaa:bbbb:cccc:dddd:eeee' },
          },
          start.tables,
        );
        for (const flow of Object.keys(full.flows)) {
          const walk = progressWalk(flow, context, start);
          expect(walk).toEqual(progressWalk(flow, context, full as ContentBundle));
        }
      }
    }
    expect(
      progressWalk('signup', deriveContext(full.shell, { environment: { portal: 'domain' } }, start.tables), start)
        .length,
    ).toBeGreaterThan(2);
  });
});

describe('splitContent', () => {
  const call = { method: 'GET', path: '/x' };
  const bundle = {
    calls: { fromCode: call, stepCall: call, own: call, viaTable: call, reads: call },
    tables: { stepTable: { rows: [{ table: 'inner' }] }, inner: { rows: [{ to: 'a' }] }, screenTable: { rows: [] } },
    screens: {
      a: { id: 'a', path: '/a', progress: { flow: 'f', step: 1 }, load: ['reads'], next: [{ table: 'stepTable' }] },
      b: {
        id: 'b',
        path: '/b',
        actions: [{ call: 'own' }],
        next: [{ table: 'screenTable' }],
        options: { x: 'fromCode' },
      },
    },
    flows: { f: { id: 'f', entry: 'a' } },
  };
  const parts = splitContent({
    bundle: bundle as never,
    outlines: outlined(bundle).screens as Record<string, Record<string, unknown>>,
    browser: ["const read = 'fromCode';"],
  });

  it("keeps in the start what a step's rows and the code name, with the tables those tables name", () => {
    expect(parts.start).toEqual({ calls: ['fromCode'], tables: ['inner', 'stepTable'] });
  });

  it("gives each screen what it names besides: its reads, actions and rows' tables", () => {
    expect(parts.screens.a).toEqual({ calls: ['reads'], tables: [] });
    expect(parts.screens.b).toEqual({ calls: ['own'], tables: ['screenTable'] });
  });
});

describe('parts of the bundle the engine imports on their own (virtual:content-part/<key>)', () => {
  it('leaves the funnel rules out of the start bundle: they come with the form code that reads them', () => {
    expect(full).toHaveProperty('funnel');
    expect(start).not.toHaveProperty('funnel');
    expect(moduleExports(plugin, 'virtual:content-part/funnel').default).toEqual(
      JSON.parse(
        JSON.stringify(full.funnel, (key, value) => (['description', '$schema'].includes(key) ? undefined : value)),
      ),
    );
  });

  it('finds the parts from the code that imports them, never the screens, calls, tables or flows', () => {
    const bundle = { funnel: {}, scripts: {}, calls: {}, screens: {} };
    const code = ["import rules from 'virtual:content-part/funnel';", "import('virtual:content-part/calls')"];
    expect(importedParts(code, bundle)).toEqual(['funnel']);
  });
});
