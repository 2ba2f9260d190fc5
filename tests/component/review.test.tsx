/**
 * Issue 22.8: "a 'check your answers' page generated from the screens' own content (every answered field, grouped
 * by screen, each with a Change link that returns to the field and back to the summary; sensitive values masked)".
 * The review screen through the real app and content: the rows come from the form screens' schemas, bindings and
 * messages; the SSN and the date of birth never show whole; a step the applicant did not see is not summarised.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applicationId, canadaEnvironment, fakeApi, renderScreen } from './render-screen.tsx';
import { masked } from '../../engine/screens/review-rows.ts';

const answered = {
  application: { id: applicationId, intent: 'CREATE_BUSINESS', stepUpDetails: [] },
  applicant: {
    name: { firstName: 'Ann', lastName: 'Lee' },
    email: { emailAddress: 'ann@example.com' },
    dob: '1985-04-12',
    governmentIdentification: { type: 'INDIVIDUAL', sourceType: 'SSN4', value: '6789' },
    phone: { localPhoneNumber: '5125550147' },
    address: { line1: '456 Oak Avenue', city: 'Austin', state: 'TX', zip: '78702', countryCode: 'US' },
  },
  company: {
    name: 'Ann Lee Bakery',
    governmentIdentification: { type: 'INDIVIDUAL' },
    beneficialOwners: 'NO',
    mccDetails: { industryId: 18 },
    site: 'www.example-bakery.com',
    address: { line1: '123 Main Street', city: 'Austin', territory: 'TX', zip: '78701', countryCode: 'US' },
  },
  owners: [],
};

/** The answer and the Change link of the row whose label starts with `label`. */
function row(label: RegExp) {
  const term = screen.getAllByRole('term').find((element) => label.test(element.textContent ?? ''));
  if (!term) throw new Error(`no row ${label}`);
  const line = term.parentElement!;
  return { answer: line.querySelector('.review__answer')!, change: within(line).queryByRole('link') };
}

describe('check your answers', () => {
  it('lists every answered field by screen, with option labels, Change links back here, and sensitive values masked', async () => {
    fakeApi(answered);
    await renderScreen(`/${applicationId}/review`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your answers' })).toBeInTheDocument();
    // One group per screen the applicant went through, in order (the older form on the domain portal); the EIN
    // step of a registered business is not summarised for a sole proprietor.
    const groups = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(groups).toHaveLength(4);
    expect(groups[0]).toBe('Tell us about yourself');
    expect(screen.queryByText(/Employer Identification Number/)).toBeNull();

    expect(row(/^Legal first name/).answer).toHaveTextContent('Ann');
    expect(row(/^Legal business name/).answer).toHaveTextContent('Ann Lee Bakery');
    expect(row(/^Business category/).answer).toHaveTextContent('Bakery');
    // A choice reads as its label, not its code.
    expect(row(/^Is your business registered/).answer).not.toHaveTextContent('INDIVIDUAL');

    // Sensitive: the SSN digits and the date of birth never show whole; a screen reader hears the last two.
    const page = document.body.textContent ?? '';
    expect(page).not.toContain('6789');
    expect(page).not.toContain('1985');
    expect(row(/^Date of birth/).answer).toHaveTextContent('Hidden for your security, ends in 12');
    expect(row(/^Last 4 digits of your SSN/).answer).toHaveTextContent('••••89');

    // Change goes to the field on its own screen and says it will come back here.
    const change = row(/^Legal business name/).change!;
    expect(change).toHaveTextContent('Change Legal business name');
    expect(change.getAttribute('href')).toBe(`/${applicationId}/applicant/business?returnTo=review#root_legalName`);
  });

  it('with nothing answered yet: says so and leads to the first step instead of a bare Continue', async () => {
    fakeApi({ application: { id: applicationId, intent: 'CREATE_BUSINESS', stepUpDetails: [] } });
    await renderScreen(`/${applicationId}/review`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your answers' })).toBeInTheDocument();
    expect(screen.getByText(/You haven’t answered any questions yet/)).toBeInTheDocument();
    expect(screen.queryByText(/You can change any answer/)).toBeNull();
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    const start = screen.getByRole('link', { name: 'Start your application' });
    expect(start.getAttribute('href')).toMatch(new RegExp(`^/${applicationId}/(applicant|update)$`));
  });

  it('fr-CA: the empty page speaks French', async () => {
    fakeApi({ application: { id: applicationId, intent: 'CREATE_BUSINESS', stepUpDetails: [] } });
    await renderScreen(`/${applicationId}/review`, { environment: canadaEnvironment('fr-CA'), locale: 'fr-CA' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vérifiez vos réponses' })).toBeInTheDocument();
    expect(screen.getByText(/Vous n’avez encore répondu à aucune question/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Commencer votre demande' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continuer' })).toBeNull();
  });

  it('masks from the end, never showing more than half of a value', () => {
    expect(masked('6789')).toEqual({ masked: '••••89', end: '89' });
    expect(masked('123')).toEqual({ masked: '••••', end: '' });
    expect(masked('*****6789')).toEqual({ masked: '•••••••89', end: '89' });
  });
});
