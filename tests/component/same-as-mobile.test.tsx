/**
 * Business phone with the same-as-mobile option (doc1 §2.7): flows/signup/screens/business-details.json names the
 * document path of the applicant's mobile for the same-as widget. Ticking copies it into the business phone (sent
 * as company.phone.localPhoneNumber), unticking empties the field, and typing another number unticks the box; with
 * no mobile in the document the box is not offered. On the identity screen, where the multistep form asks the mobile,
 * a box under it saves the mobile as the business phone too when the business details left that empty.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, fillUsIdentity, renderScreen } from './render-screen.tsx';

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
  it('ticking copies the mobile and it is sent as the business phone; unticking and typing undo it', async () => {
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
    const put = api.calls.find((call) => call.method === 'PUT')!.body as {
      company: { phone?: { localPhoneNumber?: string } };
    };
    expect(put.company.phone).toEqual({ localPhoneNumber: '4805550123' });
  });

  it('a business phone already equal to the mobile shows the box ticked', async () => {
    fakeApi({ ...known, company: { ...known.company, phone: { localPhoneNumber: '4805550123' } } });
    await renderScreen(`/${applicationId}/applicant/business`);
    expect(await screen.findByRole('checkbox', { name: 'Same as my mobile number' })).toBeChecked();
  });

  it('with no mobile in the document, only the business phone field shows', async () => {
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant/business`);
    expect(await screen.findByLabelText(/^Business phone/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Same as my mobile number' })).toBeNull();
  });

  describe('on the identity screen', () => {
    const reached = {
      application: { id: applicationId },
      applicant: { name: { firstName: 'Ann', lastName: 'Lee' } },
      company: { name: 'Ann Lee Bakery', segment: '5462' },
    };
    const fillIdentity = fillUsIdentity;

    it('ticked, the mobile is saved as the business phone; the box itself is never sent; nothing is submitted before the review (issue 22.8)', async () => {
      const api = fakeApi(reached);
      await renderScreen(`/${applicationId}/applicant/identity`);
      const user = userEvent.setup();
      await fillIdentity(user);
      await user.click(screen.getByRole('checkbox', { name: 'Also use this number as my business phone' }));
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Check your answers' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      const writes = api.calls.filter((call) => call.method !== 'GET');
      expect(writes.map((call) => `${call.method} ${call.url.replace(applicationId, 'ID')}`)).toEqual([
        'PUT /api/v2/applications/ID',
        'PUT /api/v2/applications/ID',
      ]);
      expect(JSON.stringify(writes[0]!.body)).not.toContain('businessPhoneSameAsMobile');
      expect(writes[1]!.body).toEqual({ company: { phone: { localPhoneNumber: '5125550147' } } });
    });

    it('unticked, only the identity is saved', async () => {
      const api = fakeApi(reached);
      await renderScreen(`/${applicationId}/applicant/identity`);
      const user = userEvent.setup();
      await fillIdentity(user);
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Check your answers' }, { timeout: 15_000 }),
      ).toBeInTheDocument();
      expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
      expect(api.calls.some((call) => call.url.endsWith('/onboard'))).toBe(false);
    });

    it('not offered when the business phone is already given', async () => {
      fakeApi({ ...reached, company: { ...reached.company, phone: { localPhoneNumber: '4805550123' } } });
      await renderScreen(`/${applicationId}/applicant/identity`);
      await screen.findByLabelText(/^Mobile phone number/);
      expect(screen.queryByRole('checkbox', { name: 'Also use this number as my business phone' })).toBeNull();
    });
  });
});
