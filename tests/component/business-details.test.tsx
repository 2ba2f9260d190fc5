/**
 * The business-details screen's rules (doc1 §2.7, doc2 §9): the annual sales ranges are those of
 * rules/sales-ranges.json for each market, with 'prefer not to share' sending null; registered businesses go on to
 * their number's screen; Canada asks the province, the preferred language and a corporation number instead.
 */
import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, bundle, fakeApi, renderScreen } from './render-screen.tsx';
import { resolveScreen } from '../../engine/content/resolve.ts';

const salesRanges = JSON.parse(readFileSync('rules/sales-ranges.json', 'utf8')) as {
  markets: Record<string, { ranges: Array<{ id: string; value?: number }> }>;
};

function gpvEnum(market: string): unknown[] {
  const resolved = resolveScreen(bundle.screens['business-details'], { environment: { market } });
  return (resolved.form!.schema as { properties: Record<string, { enum: unknown[] }> }).properties.gpv.enum;
}

describe('business details', () => {
  // doc2 §5 Business category and other business fields: 'business phone required (in the older form)'; doc2 §5
  // Phone: 'Business phone is optional' (the multistep form). The form in use is doc1 §2.6's (derived by the shell).
  it('requires the business phone in the older form only', async () => {
    const required = (signupForm: string, market: string) =>
      (
        resolveScreen(bundle.screens['business-details'], { environment: { market }, application: { signupForm } })
          .form!.schema as { required: string[] }
      ).required;
    for (const market of ['US', 'CA']) {
      expect(required('update', market)).toContain('businessPhone');
      expect(required('applicant-info', market)).not.toContain('businessPhone');
    }
  });

  it('the older form refuses to go on without the business phone, with the required message at the field', async () => {
    const api = fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant/business`);
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('No, I’m a sole proprietor and use my SSN'));
    await user.type(screen.getByLabelText(/Legal business name/), 'Ann Lee Bakery');
    await user.click(screen.getByLabelText('No, no one else owns 25% or more'));
    await user.type(screen.getByLabelText(/Business street address/), '123 Main Street');
    await user.type(screen.getByLabelText(/City/), 'Austin');
    await user.selectOptions(screen.getByLabelText(/State/), 'Texas');
    await user.type(screen.getByLabelText(/ZIP code/), '78701');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Business phone/);
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  for (const market of ['US', 'CA']) {
    it(`offers the ${market} annual sales ranges of rules/sales-ranges.json, in order, 'prefer not to share' as null`, () => {
      expect(gpvEnum(market)).toEqual(salesRanges.markets[market].ranges.map((range) => range.value ?? null));
    });
  }

  it('Canada asks the province, the preferred language, and keeps names accented; the US asks the state', () => {
    const ca = resolveScreen(bundle.screens['business-details'], { environment: { market: 'CA' } });
    const us = resolveScreen(bundle.screens['business-details'], { environment: { market: 'US' } });
    const caProps = (ca.form!.schema as { properties: Record<string, { enum?: unknown[]; format?: string }> })
      .properties;
    const usProps = (us.form!.schema as { properties: Record<string, { enum?: unknown[]; format?: string }> })
      .properties;
    expect(caProps.state.enum).toHaveLength(13);
    expect(usProps.state.enum).toContain('TX');
    expect(caProps.language.enum).toEqual(['fr-CA', 'en-CA']);
    expect(usProps.language).toBeUndefined();
    expect(caProps.legalName.format).toBe('business-name-accented');
    expect(ca.form!.bind).toMatchObject({
      language: 'applicant.communicationLanguage',
      state: 'company.address.territory',
    });
  });

  it('sends the range value, or null for prefer not to share, and a registered business goes to the EIN step', async () => {
    const api = fakeApi({
      application: { id: applicationId },
      company: { governmentIdentification: { type: 'BUSINESS' } },
    });
    await renderScreen(`/${applicationId}/applicant/business`);
    const user = userEvent.setup();
    const sales = await screen.findByLabelText(/Annual sales/);
    expect(
      within(sales)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      'Choose…',
      'Just starting',
      'Under $25,000',
      'Up to $100,000',
      'Up to $1,000,000',
      'Over $1,000,000',
      'Prefer not to share',
    ]);
    await user.click(screen.getByLabelText('Yes, it has an Employer Identification Number (EIN)'));
    await user.type(screen.getByLabelText(/Legal business name/), 'Ann Lee Bakery');
    // The domain portal uses the older form, where the business phone is required (doc2 §5).
    await user.type(screen.getByLabelText(/Business phone/), '5125550147');
    await user.selectOptions(sales, 'Prefer not to share');
    await user.click(screen.getByLabelText('No, no one else owns 25% or more'));
    await user.type(screen.getByLabelText(/Business street address/), '123 Main Street');
    await user.type(screen.getByLabelText(/City/), 'Austin');
    await user.selectOptions(screen.getByLabelText(/State/), 'Texas');
    await user.type(screen.getByLabelText(/ZIP code/), '78701');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT')!.body as { company: Record<string, unknown> };
    expect(put.company).toMatchObject({
      gpv: null,
      name: 'Ann Lee Bakery',
      governmentIdentification: { type: 'BUSINESS' },
      beneficialOwners: 'NO',
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your Employer Identification Number' }),
    ).toBeInTheDocument();
  });
});
