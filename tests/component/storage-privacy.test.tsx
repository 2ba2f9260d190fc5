/**
 * What the applicant types on the identity screen may reach browser storage only when it is not sensitive: the
 * draft keeps the street address (so the test would notice drafts not being written at all) and never the date of
 * birth or the last four of the SSN (rules/privacy.json); analytics events carry neither, and neither does the
 * session's record of events posted (engine/analytics/index.ts, written by the funnel as the applicant types). It
 * fails when a format is dropped from the sensitive list. The other session-storage writes (boot's configuration,
 * the language, the account list's once-flag, the market switch, the analytics record) all go through
 * engine/state/session-store.ts, which refuses any personal number's shape (tests/unit/engine/session-store.test.ts;
 * ESLint refuses any other setItem in engine/), and every journey checks what was written
 * (tests/e2e/fixtures/storage-writes.ts).
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, bundle, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';
import type { Environment } from '../../engine/environment/detect.ts';
import { browserSinks, track } from '../../engine/analytics/index.ts';
import analyticsRules from '../../rules/analytics.json' with { type: 'json' };
import services from '../../rules/services.json' with { type: 'json' };

function canada(): Environment {
  const us = usEnvironment();
  return {
    ...us,
    market: 'CA',
    currency: 'CAD',
    locale: 'en-CA',
    locales: ['en-CA', 'fr-CA'],
    config: { ...us.config, markets: { ...us.config.markets, CA: { currency: 'CAD', locales: ['en-CA', 'fr-CA'] } } },
  };
}

/** The session's record of analytics events already posted (engine/analytics/index.ts browserSinks), which the funnel adds to as the applicant types and submits. */
const sentRecord = () => JSON.parse(sessionStorage.getItem('onboarding:analytics:sent') ?? '[]') as string[];

function allBrowserStorage(): string {
  const dump = (storage: Storage) =>
    JSON.stringify(Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key)])));
  return `${dump(localStorage)}${dump(sessionStorage)}${document.cookie}`;
}

describe('browser storage and analytics stay free of personal numbers', () => {
  // engine/analytics/index.ts keeps, per session, the event types already posted (sessionStorage), adding one as it
  // posts and taking it back when the API refuses it.
  it("the session's record of posted analytics events holds the events' types, whatever their context carries", async () => {
    const secrets = [
      '04/12/1985',
      '123456789',
      '130692544',
      '274815963',
      '021000021',
      '000123456789',
      '4111111111111111',
    ];
    const context = {
      environment: { portal: 'domain', currency: 'USD', locale: 'en-US', referralUrlId: 'partner-1' },
      application: { id: applicationId, shopperId: secrets[1], businessId: secrets[3] },
      applicant: {
        dob: secrets[0],
        governmentIdentification: { value: secrets[1] },
        sin: secrets[2],
        communicationLanguage: 'en-US',
      },
      company: { governmentIdentification: { value: secrets[3] }, gpv: 100000 },
      bank: { account: { routingNumber: secrets[4], accountNumber: secrets[5] } },
      form: { cardNumber: secrets[6], ssn: secrets[1] },
    };
    // Every event type the content can send: the screens' own, and the launch events of rules/services.json.
    const types = new Set<string>(services.launchTracking.map((launch) => launch.event));
    for (const definition of Object.values(bundle.screens))
      for (const slot of Object.values(definition.analytics ?? {})) for (const type of [slot].flat()) types.add(type);
    expect(types.size).toBeGreaterThan(10);
    // The API refuses every other post (signed out), so the record is written both ways: added, then taken back.
    let posts = 0;
    fakeApi({}, (method, url) => (url === '/api/v2/analytics' ? { status: posts++ % 2 ? 401 : 204 } : undefined));
    const sinks = browserSinks(analyticsRules);
    // Every write, as it happens (the record is rewritten as types are added and taken back).
    const recorded: string[] = [];
    const original = Storage.prototype.setItem;
    Storage.prototype.setItem = function (key: string, value: string) {
      recorded.push(`${key}=${value}`);
      original.call(this, key, value);
    };
    try {
      for (const type of types) track(analyticsRules, sinks, type, context, { step: 2 });
      await waitFor(() => expect(posts).toBe(types.size));
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      Storage.prototype.setItem = original;
    }
    expect(recorded.length).toBeGreaterThanOrEqual(types.size + Math.floor(types.size / 2));
    for (const write of recorded) {
      const [key, value] = [write.slice(0, write.indexOf('=')), write.slice(write.indexOf('=') + 1)];
      expect(key).toBe('onboarding:analytics:sent');
      for (const type of JSON.parse(value) as string[]) expect(types).toContain(type);
    }
    for (const secret of secrets) expect(allBrowserStorage() + recorded.join('\n')).not.toContain(secret);
  });

  it('the identity screen drafts the address but not the date of birth or SSN digits, before and after submit', async () => {
    const api = fakeApi({ application: { id: applicationId } });
    const pushed: unknown[] = [];
    const posted: unknown[] = [];
    await renderScreen(`/${applicationId}/applicant/identity`, {
      sinks: { ...browserSinks(analyticsRules), push: (e) => pushed.push(e), post: (b) => posted.push(b) },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Date of birth/), '04/12/1985');
    await user.type(screen.getByLabelText(/Last 4 digits of your SSN/), '4321');
    await user.type(screen.getByLabelText(/Home street address/), '456 Oak Avenue');
    window.dispatchEvent(new Event('pagehide'));

    expect(allBrowserStorage()).toContain('456 Oak Avenue');
    for (const secret of ['04/12/1985', '4321']) expect(allBrowserStorage()).not.toContain(secret);

    await user.click(screen.getByRole('button', { name: /Submit application|Continue/ }));
    await waitFor(() => expect(api.calls.length).toBeGreaterThan(0));
    // The session record was written, field by field (so the search below looks where it could have gone).
    await waitFor(() => expect(sentRecord()).toContain('funnel_field_started|identity|dob|'));
    for (const secret of ['04/12/1985', '4321']) {
      expect(allBrowserStorage()).not.toContain(secret);
      expect(JSON.stringify(pushed)).not.toContain(secret);
      expect(JSON.stringify(posted)).not.toContain(secret);
    }
  });

  // Fails when the SIN field loses both defences (its sin format in rules/privacy.json and ui:sensitive).
  it('the Canadian full-SIN step-up keeps the SIN out of storage and analytics, typed and filed', async () => {
    const api = fakeApi(
      {
        application: {
          id: applicationId,
          decision: 'APPROVED_PENDING',
          stepUpDetails: [{ type: 'FULL_SSN', status: 'REQUIRED' }],
        },
      },
      (method) =>
        method === 'POST'
          ? {
              status: 201,
              body: { application: { id: applicationId, decision: 'APPROVED_PENDING', stepUpDetails: [] } },
            }
          : undefined,
    );
    const pushed: unknown[] = [];
    const posted: unknown[] = [];
    await renderScreen(`/${applicationId}/ssn`, {
      environment: canada(),
      locale: 'en-CA',
      sinks: { ...browserSinks(analyticsRules), push: (e) => pushed.push(e), post: (b) => posted.push(b) },
    });
    const user = userEvent.setup();
    const sin = await screen.findByLabelText(/^Social insurance number/i);
    await user.type(sin, '130 692 544');
    await user.tab();
    // The engine writes a draft after the next frame; a page hidden or left writes it at once (as here), so the
    // search below looks at what a draft would have kept.
    window.dispatchEvent(new Event('pagehide'));
    const secrets = ['130 692 544', '130692544', '692544'];
    for (const secret of secrets) expect(allBrowserStorage()).not.toContain(secret);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The SIN did reach the API (so the search below looks where it could have gone), and nowhere else.
    await waitFor(() =>
      expect(JSON.stringify(api.calls.filter((call) => call.method === 'POST'))).toContain('130692544'),
    );
    expect(pushed.length + posted.length).toBeGreaterThan(0);
    for (const secret of secrets) {
      expect(allBrowserStorage()).not.toContain(secret);
      expect(JSON.stringify(pushed)).not.toContain(secret);
      expect(JSON.stringify(posted)).not.toContain(secret);
    }
  });
});
