/**
 * The generic pieces issue 6 added, through the real app and the real content: the `auto` kind (the resume screen's
 * step redirect, doc1 §2.6), the `waiting` kind (a countdown that unlocks the secondary actions while a watch polls,
 * doc1 §4.5) and the explainer widget (a modal dialog, business-info double-check).
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, bundle, canadaEnvironment, fakeApi, renderScreen } from './render-screen.tsx';
import type { ContentBundle } from '../../engine/content/types.ts';

const named = {
  applicant: { name: { firstName: 'Ann', lastName: 'Lee' }, email: { emailAddress: 'ann@example.com' } },
};

describe('auto kind: the resume screen sends an application to the first step it lacks', () => {
  const cases: Array<{ name: string; document: Record<string, unknown>; heading: string }> = [
    {
      name: 'no name or email: the signup form',
      document: { applicant: {}, company: {} },
      heading: 'Tell us about yourself',
    },
    { name: 'no legal name: business details', document: { ...named, company: {} }, heading: 'About your business' },
    {
      name: 'no segment: the category',
      document: { ...named, company: { name: 'Ann Lee Bakery' } },
      heading: 'What does your business do?',
    },
    {
      name: 'a segment without the chosen industry (doc1 §2.6 category label): the category',
      document: { ...named, company: { name: 'Ann Lee Bakery', segment: '5462' } },
      heading: 'What does your business do?',
    },
    {
      name: 'everything up to the category: identity',
      document: { ...named, company: { name: 'Ann Lee Bakery', segment: '5462', mccDetails: { industryId: 18 } } },
      heading: 'Verify your identity',
    },
    {
      name: 'decided with a step-up: the step-up screen',
      document: {
        ...named,
        company: { name: 'Ann Lee Bakery', segment: '5462' },
        application: { decision: 'APPROVED_PENDING', stepUpDetails: [{ type: 'FULL_SSN' }] },
      },
      heading: 'We need your full Social Security number',
    },
    {
      name: 'decided without a step-up: the outcome',
      document: { ...named, company: {}, application: { decision: 'APPROVED', stepUpDetails: [] } },
      heading: 'You’re approved!',
    },
  ];
  for (const { name, document, heading } of cases) {
    it(name, async () => {
      const application = { id: applicationId, ...((document.application as object) ?? {}) };
      const api = fakeApi({ ...document, application });
      await renderScreen(`/${applicationId}/resume`);
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
    });
  }

  it('when its call fails and no row holds, the applicant gets a button to try again', async () => {
    const edited = structuredClone(bundle) as ContentBundle;
    edited.screens.resume = {
      ...edited.screens.resume,
      actions: [{ call: 'onboard' }],
      next: [{ to: 'complete' }],
      onError: [],
    };
    let fail = true;
    fakeApi({ application: { id: applicationId, decision: 'APPROVED' } }, (method) =>
      method === 'POST' && fail ? { status: 500, body: { error: 'INTERNAL', message: 'Broken' } } : undefined,
    );
    await renderScreen(`/${applicationId}/resume`, { bundle: edited });
    const retry = await screen.findByRole('button', { name: 'Continue' });
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re approved!' })).toBeInTheDocument();
  });
});

describe('waiting kind: the phone-link screen', () => {
  it('keeps resend locked during the countdown, announces it, then unlocks it', async () => {
    const edited = structuredClone(bundle) as ContentBundle;
    (edited.screens['phone-auth-sent'].options as Record<string, unknown>).countdownSeconds = 2;
    fakeApi({ application: { id: applicationId } }, (method, url) =>
      url.includes('phone-auth') ? { status: 200, body: { data: { status: 'REQUESTED' } } } : undefined,
    );
    await renderScreen(`/${applicationId}/phone-auth/sent`, { bundle: edited });
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your phone' })).toBeInTheDocument();
    const resend = screen.getByRole('button', { name: 'Send a new link' });
    expect(resend).toBeDisabled();
    // Only the resend waits (options.countdownActions): the way out to a photo ID is open at once.
    expect(screen.getByRole('button', { name: 'Use a photo ID instead' })).toBeEnabled();
    const status = screen.getByText('You can ask for a new link in 2 seconds.');
    expect(status).toHaveAttribute('role', 'status');
    await waitFor(() => expect(status).toHaveTextContent('You can ask for a new link in 1 second.'));
    await waitFor(() => expect(resend).toBeEnabled(), { timeout: 4000 });
    expect(status).toHaveTextContent('');
  });

  it('says the link expired and offers a new one when the page stops waiting, and waits longer than the link lives (issue 27.5)', async () => {
    // doc1 §4.5 and rules/config.json: the texted link lives phoneLinkExpiryMs; the page must not stop reading before.
    const watch = bundle.screens['phone-auth-sent'].watch as { everyMs: number; maxTries: number };
    const config = (await import('../../rules/config.json', { with: { type: 'json' } })).default as {
      constants: { phoneLinkExpiryMs: number };
    };
    expect(watch.everyMs * watch.maxTries).toBeGreaterThan(config.constants.phoneLinkExpiryMs);
    // The same page, reading quickly: the server never answers (REQUESTED to the end), and the page still moves on.
    const edited = structuredClone(bundle) as ContentBundle;
    Object.assign(edited.screens['phone-auth-sent'].watch as object, { everyMs: 5, maxTries: 4 });
    fakeApi({ application: { id: applicationId, stepUpDetails: [{ type: 'PHONE_AUTH' }] } }, (method, url) =>
      url.includes('phone-auth') ? { status: 200, body: { data: { status: 'REQUESTED' } } } : undefined,
    );
    await renderScreen(`/${applicationId}/phone-auth/sent`, { bundle: edited });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your link expired' }, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send a new link' })).toBeEnabled();
  });

  it('names the masked number the link went to, and confirms a resend (issue 27.5)', async () => {
    fakeApi(
      {
        application: { id: applicationId, stepUpDetails: [{ type: 'PHONE_AUTH' }] },
        applicant: { phone: { localPhoneNumber: '5125550147' } },
      },
      (method, url) =>
        url.includes('phone-auth') ? { status: 200, body: { data: { status: 'REQUESTED' } } } : undefined,
    );
    await renderScreen(`/${applicationId}/phone-auth/sent?resent=1`);
    expect(
      await screen.findByText(
        'Open the link we texted to your mobile ending in 0147. This page moves on by itself once you have.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('We sent you a new link. Only the newest link works.')).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('5125550147');
    expect(document.body.textContent).not.toContain('{$');
  });

  it('polls until the link is confirmed, then goes on by the routing table', async () => {
    let reads = 0;
    fakeApi({ application: { id: applicationId, decision: 'APPROVED_PENDING', stepUpDetails: [] } }, (method, url) => {
      if (!url.includes('phone-auth/sms-verifications')) return undefined;
      reads += 1;
      return { status: 200, body: { data: { status: reads < 2 ? 'REQUESTED' : 'SUCCESS' } } };
    });
    await renderScreen(`/${applicationId}/phone-auth/sent`);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'You can start taking payments' }, { timeout: 6000 }),
    ).toBeInTheDocument();
    expect(reads).toBe(2);
  });
});

describe('explainer widget: the business-info double-check', () => {
  beforeAll(() => {
    // jsdom has <dialog> without the modal methods: give it the open/close behaviour the widget relies on.
    const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal(): void; close(): void };
    if (!('showModal' in proto) || typeof proto.showModal !== 'function') {
      proto.showModal = function showModal(this: HTMLDialogElement) {
        this.setAttribute('open', '');
      };
    }
    if (typeof proto.close !== 'function') {
      proto.close = function close(this: HTMLDialogElement) {
        this.removeAttribute('open');
        this.dispatchEvent(new Event('close'));
      };
    }
  });

  it('opens a labelled dialog from a button, closes it and gives focus back; its field sends nothing', async () => {
    const api = fakeApi({
      application: { id: applicationId, decision: 'APPROVED_PENDING', stepUpDetails: [{ type: 'BUSINESS_INFO' }] },
      company: {
        name: 'Ann Lee Bakery',
        address: { line1: '123 Main Street', city: 'Austin', territory: 'TX', zip: '78701' },
      },
    });
    await renderScreen(`/${applicationId}/business-info`);
    const user = userEvent.setup();
    const why = await screen.findByRole('button', { name: 'Why are we asking?' });
    expect(why).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(why);
    const dialog = screen.getByRole('dialog', { name: 'Why we double-check' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveTextContent('The law requires us to confirm every business');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(why).toHaveFocus();

    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Confirm details' }));
    });
    await waitFor(() => expect(api.calls.some((call) => call.url.endsWith('/step-ups/business-info'))).toBe(true));
    const sent = api.calls.find((call) => call.url.endsWith('/step-ups/business-info'))!.body as {
      company: Record<string, unknown>;
    };
    expect(sent).toEqual({
      company: {
        name: 'Ann Lee Bakery',
        address: { line1: '123 Main Street', city: 'Austin', territory: 'TX', zip: '78701' },
      },
    });
  });
});

describe('facts kind: the detailed fees of /get-started', () => {
  /** The fees page with `facts` in place of its own rows, in `locale`. */
  async function feesWith(facts: unknown[], locale: 'en-US' | 'fr-CA' = 'en-US') {
    const edited = structuredClone(bundle) as ContentBundle;
    (edited.screens['get-started'].options as { facts: unknown[] }).facts = facts;
    const api = fakeApi({ application: { id: applicationId } });
    await renderScreen(
      '/get-started',
      locale === 'fr-CA' ? { bundle: edited, environment: canadaEnvironment('fr-CA'), locale } : { bundle: edited },
    );
    const fees = await screen.findByRole('region', { name: locale === 'fr-CA' ? 'Détail des frais' : 'Detailed fees' });
    return {
      api,
      terms: [...fees.querySelectorAll('dt')].map((term) => term.textContent),
      figures: [...fees.querySelectorAll('dd')].map((figure) => figure.textContent),
    };
  }
  /** A rate and a per-transaction fee as one line (issue 22.12: "2.3% + 0¢"). */
  const combined = (rate: number, fixed: unknown, labelKey = 'signup.getStarted.fees.paybuttonCaptureFee') => ({
    labelKey,
    value: { '+': [rate] },
    format: 'percent',
    textKey: 'signup.getStarted.fees.rateAndCents',
    args: { cents: { value: fixed, format: 'cents' } },
  });

  it('lists each figure the content computes, formatted for the locale, and leaves out those it cannot compute', async () => {
    const { api, terms, figures } = await feesWith([
      { labelKey: 'signup.getStarted.fees.terminal', value: { '+': [2.6] }, format: 'percent' },
      { labelKey: 'signup.getStarted.fees.keyedIn', value: { '+': [0.3] }, format: 'money' },
      {
        labelKey: 'signup.getStarted.fees.paylink',
        value: { var: 'environment.defaults.pricing.paylink' },
        format: 'percent',
      },
      // A fee whose per-transaction part is not configured is left out, not shown half.
      combined(2.9, { var: 'environment.defaults.pricing.nothing' }, 'signup.getStarted.fees.invoicing'),
    ]);
    expect(terms).toEqual(['In-person card payments', 'Keyed-in card payments']);
    expect(figures).toEqual(['2.6%', '$0.30']);
    expect(api.calls).toEqual([]);
  });

  it('en-US: a rate and its per-transaction fee read as one line, "2.3% + 0¢" and "2.9% + 30¢"', async () => {
    const terminal = 'signup.getStarted.fees.terminal';
    const { terms, figures } = await feesWith([combined(2.3, { '+': [0] }, terminal), combined(2.9, { '+': [0.3] })]);
    expect(terms).toEqual(['In-person card payments', 'Pay button, per payment']);
    expect(figures).toEqual(['2.3% + 0¢', '2.9% + 30¢']);
  });

  it('fr-CA: the same line in French typography, "2,3 % + 0 ¢"', async () => {
    const terminal = 'signup.getStarted.fees.terminal';
    const { terms, figures } = await feesWith(
      [combined(2.3, { '+': [0] }, terminal), combined(2.9, { '+': [0.3] })],
      'fr-CA',
    );
    expect(terms).toEqual(['Paiements par carte en personne', 'Bouton de paiement, par paiement']);
    // No-break spaces before % (Intl) and ¢ (the catalogue), so neither sign is left alone at a line's start.
    expect(figures).toEqual(['2,3\u00a0% + 0\u00a0¢', '2,9\u00a0% + 30\u00a0¢']);
  });

  it('the fees page itself shows the pay button as one combined line', () => {
    const facts = (bundle.screens['get-started'].options as { facts: Array<Record<string, unknown>> }).facts;
    const paybutton = facts.filter((row) => String(row.labelKey).includes('paybutton'));
    expect(paybutton).toHaveLength(1);
    expect(paybutton[0]).toMatchObject({
      textKey: 'signup.getStarted.fees.rateAndCents',
      args: { cents: { format: 'cents' } },
    });
  });
});

describe('mobile verification (doc1 §4.5): the fingerprint decides, anything but SUCCESS falls back to the phone link', () => {
  const stepUp = {
    application: { id: applicationId, decision: 'APPROVED_PENDING', stepUpDetails: [{ type: 'PHONE_AUTH' }] },
  };

  it('SUCCESS reads the application again and goes on by the routing table', async () => {
    let verified = false;
    const api = fakeApi(stepUp, (method, url) => {
      if (url.endsWith('/phone-auth/mobile-verifications')) {
        verified = true;
        return { status: 200, body: { data: { status: 'SUCCESS' } } };
      }
      if (method === 'GET' && verified)
        return { status: 200, body: { ...stepUp, application: { ...stepUp.application, stepUpDetails: [] } } };
      return undefined;
    });
    await renderScreen(`/${applicationId}/mobile-verification?vfp=abc123`);
    expect(await screen.findByRole('heading', { level: 1, name: 'You can start taking payments' })).toBeInTheDocument();
    expect(api.calls.find((call) => call.url.endsWith('/mobile-verifications'))?.body).toEqual({ vfp: 'abc123' });
  });

  it('FAILED, or an expired fingerprint, falls back to the phone link', async () => {
    fakeApi(stepUp, (_method, url) =>
      url.endsWith('/mobile-verifications') ? { status: 200, body: { data: { status: 'FAILED' } } } : undefined,
    );
    await renderScreen(`/${applicationId}/mobile-verification?vfp=abc123`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your mobile number' })).toBeInTheDocument();
  });

  it('an answer of 410 (link expired) falls back too', async () => {
    fakeApi(stepUp, (_method, url) =>
      url.endsWith('/mobile-verifications')
        ? { status: 410, body: { error: 'LINK_EXPIRED', message: 'Expired', details: [] } }
        : undefined,
    );
    await renderScreen(`/${applicationId}/mobile-verification?vfp=abc123`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify your mobile number' })).toBeInTheDocument();
  });
});
