/**
 * The beneficial-owner yes or no on the business-details screen (doc1 §2.7; doc2 §5: required): unanswered it is
 * refused with the field named, nothing is sent; answered, it is stored as company.beneficialOwners (YES or NO), which
 * onboarding reads (rules/decisioning.json row beneficial-owners-declared: BO_INFO, boStatus WAITING_FOR_INFO), and
 * the BO_INFO step-up then routes to the owners list (rules/routing/after-onboard.json).
 */
import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, bundle, fakeApi, renderScreen } from './render-screen.tsx';
import { resolveScreen } from '../../engine/content/resolve.ts';
import { nextScreen } from '../../engine/flow/transitions.ts';
import { decide, type DecisioningRules } from '../../server/domain/decisioning.ts';

const decisioning = JSON.parse(readFileSync('rules/decisioning.json', 'utf8')) as DecisioningRules;

async function fillAllBut(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByLabelText('No, I’m a sole proprietor and use my SSN'));
  await user.type(screen.getByLabelText(/Legal business name/), 'Ann Lee Bakery');
  await user.type(screen.getByLabelText(/Business street address/), '123 Main Street');
  await user.type(screen.getByLabelText(/City/), 'Austin');
  await user.selectOptions(screen.getByLabelText(/State/), 'Texas');
  await user.type(screen.getByLabelText(/ZIP code/), '78701');
  // doc2 §5: the older signup form (this application's) requires the business phone.
  await user.type(screen.getByLabelText(/Business phone/), '5125550147');
}

describe('beneficial-owner question', () => {
  it('is required in both markets and stored at company.beneficialOwners', () => {
    for (const market of ['US', 'CA']) {
      const resolved = resolveScreen(bundle.screens['business-details'], { environment: { market } });
      expect((resolved.form!.schema as { required: string[] }).required).toContain('beneficialOwners');
      expect(resolved.form!.bind).toMatchObject({ beneficialOwners: 'company.beneficialOwners' });
    }
  });

  it('unanswered: refused with the question named in the summary, nothing sent; YES is sent', async () => {
    const api = fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant/business`);
    const user = userEvent.setup();
    await fillAllBut(user);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByText(/Does anyone else own 25% or more of the business\?/)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    const group = screen.getByRole('group', { name: /Does anyone else own 25% or more/ });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Yes, I have business partners', 'No, no one else owns 25% or more']);
    await user.click(within(group).getByLabelText('Yes, I have business partners'));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(
      (api.calls.find((call) => call.method === 'PUT')!.body as { company: Record<string, unknown> }).company
        .beneficialOwners,
    ).toBe('YES');
  });

  it('onboarding: yes asks for the partners and the applicant goes to the owners list; no does not', () => {
    const context = (has: 'YES' | 'NO') => ({
      company: { name: 'Ann Lee Bakery', beneficialOwners: has },
      applicant: {},
      category: { type: 'REGULAR' },
    });
    const yes = decide(decisioning, context('YES'));
    expect(yes.outcome).toEqual({
      decision: 'APPROVED_PENDING',
      stepUps: ['BO_INFO'],
      boStatus: 'WAITING_FOR_INFO',
      level: 'FULL',
    });
    expect(decide(decisioning, context('NO')).outcome).toMatchObject({
      decision: 'APPROVED',
      stepUps: [],
      boStatus: 'NONE',
    });
    const after = (outcome: typeof yes.outcome) => ({
      application: {
        decision: outcome.decision,
        boStatus: outcome.boStatus,
        stepUpDetails: outcome.stepUps.map((type) => ({ type, status: 'REQUIRED' })),
      },
      environment: { market: 'US', currency: 'USD', portal: 'domain' },
      flags: {},
    });
    expect(nextScreen([{ table: 'after-onboard' }], after(yes.outcome), bundle.tables)).toBe('owners');
    expect(
      nextScreen([{ table: 'after-onboard' }], after(decide(decisioning, context('NO')).outcome), bundle.tables),
    ).not.toMatch(/^owners/);
  });
});
