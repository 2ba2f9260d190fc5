/**
 * doc2 §7 Step-ups: 'POST .../step-ups/{identification|verification}/sessions ...; body inquiryId; returns
 * sessionToken and isInquiryCompleted', and doc1 §4.5 'if the inquiry is not completed the token is stored; if
 * completed the step-up is sent'. The real checking screens (flows/signup/screens/*-checking.json) run their real
 * calls (flows/calls.json) against a fake API: back from the capture page with ?inquiry=, once the long-poll says
 * RECEIVED the session call sends that inquiryId, and the step-up is sent only when the session says completed.
 */
import { loadContent } from '../../../scripts/content/load.ts';
import { performActions, type RunDeps } from '../../../engine/flow/runner.ts';
import type { CallEnvironment } from '../../../engine/calls/run.ts';

const bundle = loadContent(process.cwd());
const route = { applicationId: 'urn:app:aaaa-bbbb-cccc-dddd-eeee' };
const inquiry = 'inq_0123456789abcdef';

function fakeApi(completed: boolean) {
  const seen: Array<{ method: string; path: string; body: unknown }> = [];
  const environment: CallEnvironment = {
    fetch: (async (url: string, init: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      seen.push({ method: String(init.method), path, body: init.body ? JSON.parse(String(init.body)) : undefined });
      const session = {
        inquiryId: inquiry,
        sessionToken: 'tok',
        isInquiryCompleted: completed,
        inquirySessionStatus: 'RECEIVED',
      };
      const body = /\/step-ups\/(identification|verification)$/.test(path)
        ? { application: { id: route.applicationId } }
        : session;
      return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }) as typeof fetch,
    sleep: async () => undefined,
    newKey: () => 'key',
  };
  return { seen, environment };
}

for (const [screen, kind] of [
  ['identification-checking', 'identification'],
  ['verification-checking', 'verification'],
] as const) {
  describe(`${screen}: the session call sends the inquiry`, () => {
    const actions = bundle.screens[screen]!.actions;
    const context = { route, query: { inquiry }, application: { id: route.applicationId } };
    const base = `/api/v2/applications/${route.applicationId}/step-ups/${kind}`;

    it('POSTs .../sessions with body {inquiryId}, then sends the step-up when the inquiry is completed', async () => {
      const api = fakeApi(true);
      const result = await performActions(actions, context, {
        content: bundle,
        environment: api.environment,
      } as unknown as RunDeps);
      expect(result.failed).toBeUndefined();
      const session = api.seen.find((r) => r.method === 'POST' && r.path === `${base}/sessions`);
      expect(session?.body).toEqual({ inquiryId: inquiry });
      expect(api.seen.at(-1)).toMatchObject({ method: 'POST', path: base });
      expect(api.seen.indexOf(session!)).toBeLessThan(api.seen.length - 1);
    });

    it('does not send the step-up when the session says the inquiry is not completed', async () => {
      const api = fakeApi(false);
      await performActions(actions, context, { content: bundle, environment: api.environment } as unknown as RunDeps);
      expect(api.seen.some((r) => r.method === 'POST' && r.path === `${base}/sessions`)).toBe(true);
      expect(api.seen.some((r) => r.path === base)).toBe(false);
    });
  });
}
