/**
 * The Content Security Policy and the third-party scripts of rules/scripts.json: a script whose key is configured
 * (maps, analytics tag) has exactly its origins allowed in script-src, connect-src and img-src, derived from the
 * rules file, and its key reaches the browser in GET /api/v2/configs; with no key the policy stays 'self' only.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readScriptRules, thirdPartyOrigins } from '../../server/http/security.ts';
import { repoRoot } from '../../server/paths.ts';
import { startHarness, type Harness } from './harness.ts';

/** The CSP header as directive name → its sources. */
function directives(header: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

const rules = readScriptRules(repoRoot);
/** The origins rules/scripts.json names for a script: its src and its cspHosts. */
const originsOf = (name: string) => [
  new URL(rules.scripts[name]!.src).origin,
  ...(rules.scripts[name]!.cspHosts ?? []),
];

let h: Harness;
let bare: FastifyInstance;
beforeAll(async () => {
  h = await startHarness({ scriptKeys: { maps: 'maps-key-1', analyticsTag: 'GTM-TEST1' } });
  bare = await buildApp({ db: h.t.db, logLevel: 'silent' });
  await bare.ready();
});
afterAll(async () => {
  await bare?.close();
  await h?.close();
});

describe('CSP for third-party scripts', () => {
  it("with no key configured, every source list is 'self' only (plus data: images)", async () => {
    const res = await bare.inject({ method: 'GET', url: '/api/v2/configs' });
    const csp = directives(res.headers['content-security-policy']);
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['connect-src']).toEqual(["'self'"]);
    expect(csp['img-src']).toEqual(["'self'", 'data:']);
    expect(res.json().keys).toBeUndefined();
  });

  it('with the maps and analytics keys, allows exactly the hosts of rules/scripts.json in script, connect and img sources', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/api/v2/configs' });
    const csp = directives(res.headers['content-security-policy']);
    const expected = [...new Set([...originsOf('maps'), ...originsOf('analyticsTag')])].sort();
    expect(expected).toContain('https://maps.googleapis.com');
    expect(expected).toContain('https://www.googletagmanager.com');
    expect(csp['script-src']).toEqual(["'self'", ...expected]);
    expect(csp['connect-src']).toEqual(["'self'", ...expected]);
    expect(csp['img-src']).toEqual(["'self'", 'data:', ...expected]);
    // Nothing else is loosened.
    expect(csp['default-src']).toEqual(["'self'"]);
    expect(csp['style-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    // The browser loader reads environment.keys.* from the configuration.
    expect(res.json().keys).toEqual({ maps: 'maps-key-1', analyticsTag: 'GTM-TEST1' });
  });

  it("allows only the configured script's hosts: a maps key alone does not open the analytics host", () => {
    const origins = thirdPartyOrigins({ scripts: rules, keys: { maps: 'k' } });
    expect(origins).toEqual([...originsOf('maps')].sort());
    expect(origins).not.toContain('https://www.googletagmanager.com');
    expect(thirdPartyOrigins({ scripts: rules, keys: { analyticsTag: 'GTM-1' } })).toEqual(originsOf('analyticsTag'));
  });

  it('follows the rules file, not a list in code: a script on a new host is allowed when its key is set', () => {
    const edited = {
      ...rules,
      scripts: {
        chat: {
          src: 'https://chat.example.net/widget.js',
          query: {},
          requires: ['environment.keys.chat'],
          retries: 0,
          retryDelayMs: 0,
          logFailure: false,
        },
      },
    };
    expect(thirdPartyOrigins({ scripts: edited, keys: {} })).toEqual([]);
    expect(thirdPartyOrigins({ scripts: edited, keys: { chat: 'c' } })).toEqual(['https://chat.example.net']);
  });

  it('never adds a same-origin script (the customer survey) to the policy, even when its flag is on', () => {
    expect(thirdPartyOrigins({ scripts: rules, keys: {}, flags: { customerSurvey: true } })).toEqual([]);
  });
});
