/**
 * The third-party loader (doc2 §7 Other, §9): against a local script that fails twice and then loads, the loader
 * retries after the configured delay and the script runs; one that never loads is given up after 1 + 3 attempts
 * with an error logged; the URL carries the places library and the language (French for fr-CA, else the first part
 * of the locale); with no key configured nothing is requested at all (manual address entry).
 */
import { runInNewContext } from 'node:vm';
import {
  loadWithRetry,
  scriptLanguage,
  scriptUrl,
  type RetryDeps,
  type ScriptRules,
} from '../../../engine/third-party/index.ts';
import { startFlakyServer, type FlakyServer } from '../../fixtures/scripts/flaky-server.ts';
import scriptsJson from '../../../rules/scripts.json' with { type: 'json' };

const rules = scriptsJson as unknown as ScriptRules;
const maps = rules.scripts.maps!;

/** Node's attempt: fetch the script and run it in a fresh global, which then holds what the script defined. */
function nodeDeps(globals: Record<string, unknown>) {
  const sleeps: number[] = [];
  const logged: string[] = [];
  const deps: RetryDeps = {
    async attempt(url) {
      const res = await fetch(url);
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      runInNewContext(await res.text(), globals);
    },
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    log: (message) => logged.push(message),
  };
  return { deps, sleeps, logged };
}

let server: FlakyServer;
afterEach(async () => server?.close());

describe('loadWithRetry against a local script', () => {
  it('retries a script that fails twice, waiting the configured delay, then runs it', async () => {
    server = await startFlakyServer(2);
    const globals: Record<string, unknown> = {};
    const { deps, sleeps, logged } = nodeDeps(globals);
    const result = await loadWithRetry(`${server.origin}/maps-stub.js?libraries=places`, maps, deps);
    expect(result).toEqual({ loaded: true, attempts: 3 });
    expect(server.requests).toEqual(Array(3).fill('/maps-stub.js?libraries=places'));
    expect(sleeps).toEqual([1000, 1000]);
    expect(logged).toEqual([]);
    expect((globals.google as { maps: { places: object } }).maps.places).toBeDefined();
  });

  it('gives up after the first attempt and 3 retries, logs an error, and resolves instead of throwing', async () => {
    server = await startFlakyServer(100);
    const { deps, sleeps, logged } = nodeDeps({});
    const result = await loadWithRetry(`${server.origin}/maps-stub.js?key=secret-key`, maps, deps);
    expect(result).toEqual({ loaded: false, attempts: 4 });
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toEqual([1000, 1000, 1000]);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toContain('/maps-stub.js');
    expect(logged[0]).not.toContain('secret-key');
  });

  it('does not log a survey failure (logFailure false) and waits its restart delay of 1500 ms', async () => {
    server = await startFlakyServer(100);
    const { deps, sleeps, logged } = nodeDeps({});
    await loadWithRetry(`${server.origin}/maps-stub.js`, rules.scripts.survey!, deps);
    expect(sleeps).toEqual([1500, 1500, 1500]);
    expect(logged).toEqual([]);
  });
});

describe('rules/scripts.json', () => {
  it('gives the analytics tag and maps up to 3 retries, maps a 1 s delay and the survey a 1500 ms restart delay', () => {
    expect(rules.scripts.maps).toMatchObject({ retries: 3, retryDelayMs: 1000, logFailure: true });
    expect(rules.scripts.analyticsTag).toMatchObject({ retries: 3 });
    expect(rules.scripts.survey).toMatchObject({ retryDelayMs: 1500 });
  });

  it("loads the survey from the product's own origin (a path, not another host)", () => {
    expect(rules.scripts.survey!.src).toMatch(/^\/[^/]/);
  });
});

describe('scriptUrl', () => {
  const withKey = (locale: string) => ({ environment: { locale, keys: { maps: 'k1' } } });

  it('asks maps for the places library and French for fr-CA', () => {
    const url = new URL(scriptUrl(maps, withKey('fr-CA'), rules.languages)!);
    expect(url.origin + url.pathname).toBe('https://maps.googleapis.com/maps/api/js');
    expect(Object.fromEntries(url.searchParams)).toEqual({ key: 'k1', libraries: 'places', language: 'fr' });
  });

  it.each([
    ['en-US', 'en'],
    ['en-CA', 'en'],
    ['fr-CA', 'fr'],
    ['es-MX', 'es'],
  ])('language of %s is %s', (locale, language) => {
    expect(scriptLanguage(locale, rules.languages)).toBe(language);
    expect(new URL(scriptUrl(maps, withKey(locale), rules.languages)!).searchParams.get('language')).toBe(language);
  });

  it('does not load a script whose key is not configured (empty, missing) or whose flag is off', () => {
    expect(scriptUrl(maps, { environment: { locale: 'en-US' } }, rules.languages)).toBeUndefined();
    expect(scriptUrl(maps, { environment: { locale: 'en-US', keys: { maps: '' } } }, rules.languages)).toBeUndefined();
    expect(scriptUrl(rules.scripts.analyticsTag!, { environment: { keys: {} } }, rules.languages)).toBeUndefined();
    expect(scriptUrl(rules.scripts.survey!, { flags: { customerSurvey: false } }, rules.languages)).toBeUndefined();
    expect(scriptUrl(rules.scripts.survey!, { flags: { customerSurvey: true } }, rules.languages)).toBe(
      '/survey/survey.js',
    );
  });
});
