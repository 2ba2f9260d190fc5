/**
 * doc1 §4.3 rows 3 and 4 through the real app and content (rules/routing/after-onboard.json):
 * - row 4: a pending decision on the reseller portal without the eHopper flow goes to verifying, whose pending
 *   variant reads the application until the decision changes (then on through the table) and, when it stays pending,
 *   shows the in-review outcome instead of waiting for ever;
 * - row 3: a pending add-product application goes back to its signup form (doc1 §2.6) with what was typed and a calm
 *   note of what is pending; in French for fr-CA.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, bundle, fakeApi, renderScreen, usEnvironment } from './render-screen.tsx';
import type { ContentBundle } from '../../engine/content/types.ts';

vi.setConfig({ testTimeout: 30_000 });

function resellerEnvironment() {
  return { ...usEnvironment(), portal: 'reseller' };
}

const pendingReseller = {
  application: {
    id: applicationId,
    intent: 'CREATE_BUSINESS',
    decision: 'PENDING',
    stepUpDetails: [],
    applicationLevel: 'FULL',
    completed: true,
  },
  applicant: { name: { firstName: 'Ann', lastName: 'Lee' } },
  company: { name: 'Ann Lee Bakery' },
  owners: [],
};

/** The real bundle with the verifying screen's pending watch shortened (2 reads, 250 ms apart). */
function shortWatchBundle(): ContentBundle {
  const copy = structuredClone(bundle) as ContentBundle;
  const variant = copy.screens.verifying.variants!.find((candidate) => (candidate.merge as { watch?: unknown }).watch)!;
  const watch = (variant.merge as { watch: { everyMs: number; maxTries: number } }).watch;
  watch.everyMs = 250;
  watch.maxTries = 2;
  return copy;
}

/** The last step of the signup form (issue 22.8): the terms after the review; accepting submits the application. */
async function acceptAndSubmit(): Promise<void> {
  const user = userEvent.setup();
  await user.click(await screen.findByLabelText(/^I have read and accept the terms of service/));
  await user.click(screen.getByRole('button', { name: 'Accept and send application' }));
}
describe('doc1 §4.3 row 4: pending on the reseller portal', () => {
  it('onboarding a pending reseller application opens verifying, which moves on when the decision changes', async () => {
    let reads = 0;
    const approved = { ...pendingReseller, application: { ...pendingReseller.application, decision: 'APPROVED' } };
    const before = {
      ...pendingReseller,
      application: { ...pendingReseller.application, decision: undefined, completed: false },
    };
    fakeApi(before, (method, url) => {
      if (method === 'POST' && url.endsWith('/onboard')) return { status: 200, body: pendingReseller };
      if (method === 'PUT') return { status: 200, body: before };
      if (method === 'GET' && url.includes('/api/v2/applications/')) {
        reads += 1;
        // The terms screen's read, then the verifying screen's: pending; the watch's second read: approved.
        return { status: 200, body: reads >= 4 ? approved : reads >= 2 ? pendingReseller : before };
      }
      return undefined;
    });
    await renderScreen(`/${applicationId}/terms?submit=true`, { environment: resellerEnvironment() });
    await acceptAndSubmit();

    expect(
      await screen.findByRole('heading', { level: 1, name: 'We’re reviewing your application' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Stay on this page and we’ll show you the result/)).toBeInTheDocument();
    // The decision changes: the table sends the approved application to its outcome.
    expect(
      await screen.findByRole('heading', { level: 1, name: /approved/i }, { timeout: 15_000 }),
    ).toBeInTheDocument();
  });

  it('a decision that stays pending shows the in-review outcome after the last read, not an endless wait', async () => {
    const api = fakeApi(pendingReseller);
    await renderScreen(`/${applicationId}/verifying`, {
      environment: resellerEnvironment(),
      bundle: shortWatchBundle(),
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'We’re reviewing your application' }),
    ).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your application is in review' }, { timeout: 10_000 }),
    ).toBeInTheDocument();
    const reads = api.calls.filter((call) => call.method === 'GET' && call.url.includes('/api/v2/applications/'));
    expect(reads.length).toBeGreaterThanOrEqual(3); // the screen's load and the two reads of the watch
  });

  it('the FULL_ONBOARDING step-up keeps its own verifying screen', async () => {
    fakeApi({
      ...pendingReseller,
      application: {
        ...pendingReseller.application,
        decision: 'APPROVED_PENDING',
        stepUpDetails: [{ type: 'FULL_ONBOARDING' }],
      },
    });
    await renderScreen(`/${applicationId}/verifying`, { environment: resellerEnvironment() });
    expect(await screen.findByText(/We need a little longer to review your business/)).toBeInTheDocument();
    expect(screen.queryByText(/Stay on this page and we’ll show you the result/)).toBeNull();
  });
});

describe('doc1 §4.3 row 3: pending add-product goes back to the form', () => {
  const typed = {
    application: { id: applicationId, intent: 'ADD_PRODUCT', applicationLevel: 'FULL', stepUpDetails: [] },
    applicant: { name: { firstName: 'Ann', lastName: 'Lee' }, email: { emailAddress: 'ann@example.com' } },
    company: { name: 'Ann Lee Bakery', segment: '5462' },
    owners: [],
  };
  const pending = { ...typed, application: { ...typed.application, decision: 'PENDING', completed: true } };

  it('after onboard answers pending, the older signup form shows what was typed and says what is pending', async () => {
    let onboarded = false;
    const api = fakeApi(typed, (method, url) => {
      if (method === 'POST' && url.endsWith('/onboard')) {
        onboarded = true;
        return { status: 200, body: pending };
      }
      if (method === 'GET' && url.includes('/api/v2/applications/'))
        return { status: 200, body: onboarded ? pending : typed };
      return undefined;
    });
    await renderScreen(`/${applicationId}/terms?submit=true`);
    await acceptAndSubmit();

    const note = await screen.findByText(/Your request to add this product is being reviewed/, {}, { timeout: 15_000 });
    expect(note.closest('[role="status"]')).not.toBeNull();
    expect(api.calls.some((call) => call.method === 'POST' && call.url.endsWith('/onboard'))).toBe(true);
    // The domain portal uses the older form (doc1 §2.6), filled with what the applicant typed.
    expect(screen.getByLabelText(/^Legal first name/)).toHaveValue('Ann');
    expect(screen.getByLabelText(/^Legal last name/)).toHaveValue('Lee');
    // Not the in-review outcome, and not verifying.
    expect(screen.queryByRole('heading', { level: 1, name: 'Your application is in review' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'We’re reviewing your application' })).toBeNull();
  });

  it('a pending application of another intent sees no such note on its form', async () => {
    fakeApi({ ...pending, application: { ...pending.application, intent: 'CREATE_BUSINESS' } });
    await renderScreen(`/${applicationId}/update`);
    expect(await screen.findByLabelText(/^Legal first name/)).toHaveValue('Ann');
    expect(screen.queryByText(/Your request to add this product is being reviewed/)).toBeNull();
  });

  it('the note is in French for fr-CA', async () => {
    fakeApi(pending);
    await renderScreen(`/${applicationId}/update`, { locale: 'fr-CA' });
    expect(await screen.findByText(/Votre demande d’ajout de ce produit est en cours d’examen/)).toBeInTheDocument();
  });
});
