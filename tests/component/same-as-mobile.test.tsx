/**
 * Business phone with the same-as-mobile option (doc1 §2.7): flows/signup/screens/business-details.json names the
 * document path of the applicant's mobile for the same-as widget. Ticking copies it into the business phone (sent
 * as company.phone.localPhoneNumber), unticking empties the field, and typing another number unticks the box; with
 * no mobile in the document the box is not offered.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen } from './render-screen.tsx';

const known = {
  application: { id: applicationId },
  applicant: { phone: { localPhoneNumber: '4805550123' } },
  company: {
    name: 'Ann Lee Bakery',
    beneficialOwners: 'NO',
    governmentIdentification: { type: 'INDIVIDUAL' },
    address: { line1: '123 Main Street', city: 'Austin', territory: 'TX', zip: '78701', countryCode: 'US' },
  },
};

describe('business phone: same as mobile', () => {
  it('ticking copies the mobile and it is sent as the business phone; unticking and typing undo it', { timeout: 45_000 }, async () => {
    const api = fakeApi(known);
    await renderScreen(`/${applicationId}/applicant/business`);
    const user = userEvent.setup();
    const same = await screen.findByRole('checkbox', { name: 'Same as my mobile number' });
    const phone = screen.getByLabelText(/^Business phone/);
    expect(same).not.toBeChecked();
    expect(phone).toHaveValue('');

    await user.click(same);
    expect(phone).toHaveValue('4805550123');
    expect(same).toBeChecked();

    await user.click(same);
    expect(phone).toHaveValue('');
    expect(phone).toHaveFocus();

    await user.click(same);
    await user.type(phone, '9');
    expect(same).not.toBeChecked();
    await user.clear(phone);
    await user.click(same);

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT')!.body as { company: { phone?: { localPhoneNumber?: string } } };
    expect(put.company.phone).toEqual({ localPhoneNumber: '4805550123' });
  });

  it('a business phone already equal to the mobile shows the box ticked', { timeout: 20_000 }, async () => {
    fakeApi({ ...known, company: { ...known.company, phone: { localPhoneNumber: '4805550123' } } });
    await renderScreen(`/${applicationId}/applicant/business`);
    expect(await screen.findByRole('checkbox', { name: 'Same as my mobile number' })).toBeChecked();
  });

  it('with no mobile in the document, only the business phone field shows', { timeout: 20_000 }, async () => {
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant/business`);
    expect(await screen.findByLabelText(/^Business phone/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Same as my mobile number' })).toBeNull();
  });
});
