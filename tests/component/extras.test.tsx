/**
 * The extras flow (doc1 §2.7) as a user meets it, rendered from content: the terms view records acceptance through
 * the API and then shows the record; the country switcher asks yes or no before starting over; the location change
 * and the breather's confirm action (the skip-partners modal is the owners list's: tests/component/owners-collection.test.tsx).
 * And funnel events of a form screen (rules/funnel.json):
 * started, error by message key, abandoned, completed, never a value.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';
import { setFunnelSinks } from '../../engine/analytics/use-form-funnel.ts';

vi.setConfig({ testTimeout: 20_000 });

const document = {
  application: { id: applicationId, intent: 'CREATE_BUSINESS' },
  applicant: {},
  company: {},
  owners: [],
};

describe('terms of service', () => {
  it('cannot be accepted without the box: a localised error, nothing sent', async () => {
    const api = fakeApi(document);
    await renderScreen(`/${applicationId}/terms`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Terms of service' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept and continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please accept the terms of service to continue.');
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('accepting posts to the terms call and moves on to the signup form', async () => {
    const accepted = {
      ...document,
      applicant: { terms: { signed: true, signedAt: '2026-11-21T09:00:00.000Z', version: '2026-11' } },
    };
    const api = fakeApi(document, (method, url) =>
      method === 'POST' && url.endsWith('/terms') ? { status: 200, body: accepted } : undefined,
    );
    await renderScreen(`/${applicationId}/terms`);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText(/I have read and accept the terms of service/));
    await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
    await waitFor(() =>
      expect(
        api.calls.some(
          (call) =>
            (call.method === 'POST' &&
              call.url.endsWith(`/api/v2/applications/${encodeURIComponent(applicationId)}/terms`)) ||
            call.url.endsWith(`/api/v2/applications/${applicationId}/terms`),
        ),
      ).toBe(true),
    );
    expect(api.calls.find((call) => call.url.endsWith('/terms'))!.body).toEqual({ accepted: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeInTheDocument();
  });

  it('once accepted, the view shows the record and no form', async () => {
    fakeApi({
      ...document,
      applicant: { terms: { signed: true, signedAt: '2026-11-21T09:00:00.000Z', version: '2026-11' } },
    });
    await renderScreen(`/${applicationId}/terms`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You accepted the terms of service' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('is in French for fr-CA', async () => {
    fakeApi(document);
    await renderScreen(`/${applicationId}/terms`, { locale: 'fr-CA' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Conditions d’utilisation' })).toBeInTheDocument();
    expect(screen.getByLabelText(/J’ai lu et j’accepte/)).toBeInTheDocument();
  });
});

describe('country switcher', () => {
  it('the same country goes back without asking; another asks yes or no', async () => {
    fakeApi(document);
    await renderScreen('/country');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Canada (CAD)'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Change your country to Canada?' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/starts a new application/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, change to Canada' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'No, keep my country' })).toBeInTheDocument();
  });

  it('an unknown country in the confirmation address goes back to the switcher', async () => {
    fakeApi(document);
    await renderScreen('/country/confirm?country=MX');
    expect(await screen.findByRole('heading', { level: 1, name: 'Change your country?' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Yes, change country' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Where is your business located?' }),
    ).toBeInTheDocument();
  });
});

describe('location change and breather', () => {
  it('the location change warns that a new application is needed, and can be declined', async () => {
    fakeApi(document);
    await renderScreen(`/${applicationId}/location-change`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Start a new application?' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Keep my application' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeInTheDocument();
  });

  it('the breather confirms and moves on to the business details', async () => {
    fakeApi(document);
    await renderScreen(`/${applicationId}/breather`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nice work. Next, your business' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Nice work. Next, your business' })).toBeNull(),
    );
  });
});

describe('funnel events of a form screen', () => {
  afterEach(() => setFunnelSinks(undefined));

  it('sends started, error by key and abandoned for the screen and its fields, with market and portal, never a value', async () => {
    const posted: Array<{ type: string; params: Record<string, unknown> }> = [];
    setFunnelSinks({ push: () => {}, post: (body) => posted.push(body), sent: new Set<string>() });
    fakeApi(document);
    const view = await renderScreen(`/${applicationId}/applicant`, {
      environment: { ...usEnvironment(), portal: 'terminal' },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Legal first name/), 'Zed9');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert');
    // The submit's events go out after the frame that shows the error summary, not only when the screen closes.
    await waitFor(() => expect(posted.filter((e) => e.type === 'funnel_field_error')).toHaveLength(3));
    view.unmount();
    const seen = posted.map((e) => `${e.type}:${e.params.field ?? ''}:${e.params.key ?? ''}`);
    expect(seen).toEqual([
      'funnel_screen_started::',
      'funnel_field_started:firstName:',
      'funnel_field_error:firstName:validation.name.digits',
      'funnel_field_error:lastName:validation.required',
      'funnel_field_error:email:validation.required',
      'funnel_field_abandoned:firstName:',
      'funnel_field_abandoned:lastName:',
      'funnel_field_abandoned:email:',
      'funnel_screen_abandoned::',
    ]);
    for (const event of posted)
      expect(event.params).toMatchObject({ screen: 'applicant-info', market: 'US', portal: 'terminal' });
    expect(JSON.stringify(posted)).not.toContain('Zed');
  });
});
