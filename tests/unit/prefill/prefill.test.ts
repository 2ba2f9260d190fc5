/** Launch-parameter prefill (doc1 §3 Prefill rules): examples and properties. */
import fc from 'fast-check';
import { prefillFromLaunch } from '../../../domain/prefill/index.ts';

const companyAddress = {
  companyAddressLine1: ' 123 Main St ',
  companyAddressLine2: 'Suite 4',
  companyAddressCity: 'Springfield',
  companyAddressState: 'IL',
  companyAddressZip: '62701',
  companyCountryCode: 'us',
  companyTerritory: 'ON',
  companyWebsite: 'acme.com',
};
const applicantAddress = {
  applicantAddressLine1: '1234, rue Sainte-Catherine',
  applicantAddressLine2: 'app. 5',
  applicantAddressCity: 'Montréal',
  applicantAddressState: 'QC',
  applicantTerritory: 'QC',
  applicantAddressZip: 'H9B 1Y7',
  applicantCountryCode: 'ca',
};

describe('prefillFromLaunch', () => {
  it('USD: the company address fills both company and applicant; separate applicant parameters are ignored', () => {
    const doc = prefillFromLaunch({ ...companyAddress, ...applicantAddress }, 'USD');
    expect(doc.company.address).toEqual({
      line1: '123 Main St',
      line2: 'Suite 4',
      city: 'Springfield',
      territory: 'IL',
      zip: '62701',
      countryCode: 'US',
    });
    expect(doc.applicant.address).toEqual({
      line1: '123 Main St',
      line2: 'Suite 4',
      city: 'Springfield',
      state: 'IL',
      zip: '62701',
      countryCode: 'US',
    });
    expect(doc.company.site).toBe('acme.com');
  });

  it('CAD (any case): applicant address from the applicant parameters; company country, territory and website separately', () => {
    const doc = prefillFromLaunch({ ...companyAddress, ...applicantAddress }, 'cad');
    expect(doc.applicant.address).toEqual({
      line1: '1234, rue Sainte-Catherine',
      line2: 'app. 5',
      city: 'Montréal',
      state: 'QC',
      territory: 'QC',
      zip: 'H9B 1Y7',
      countryCode: 'CA',
    });
    expect(doc.company.address).toEqual({
      line1: '123 Main St',
      line2: 'Suite 4',
      city: 'Springfield',
      zip: '62701',
      territory: 'ON',
      countryCode: 'US',
    });
    expect(doc.company.site).toBe('acme.com');
  });

  it('drops empty address values and blanks lines that fail the address check; removes literal NULL', () => {
    const doc = prefillFromLaunch(
      {
        companyAddressLine1: 'PO Box 12',
        companyAddressLine2: 'NULL',
        companyAddressCity: '  ',
        companyAddressZip: '',
      },
      'USD',
    );
    expect(doc.company.address).toEqual({ line1: '' });
    expect(doc.applicant.address).toEqual({ line1: '' });
    const lines = prefillFromLaunch({ companyAddressLine1: '12 Main St null', companyAddressLine2: 'Apt @3' }, 'USD');
    expect(lines.company.address).toEqual({ line1: '12 Main St', line2: '' });
    expect(prefillFromLaunch({ companyAddressLine1: '12 Nullarbor Rd' }, 'USD').company.address).toEqual({
      line1: '12 Nullarbor Rd',
    });
    expect(prefillFromLaunch({ companyAddressLine1: 'Main St' }, 'USD').company.address).toEqual({ line1: '' });
  });

  it('splits the name on a space; both parts must pass the name check of the currency profile', () => {
    expect(prefillFromLaunch({ name: 'Jane Doe' }, 'USD').applicant.name).toEqual({
      firstName: 'Jane',
      lastName: 'Doe',
    });
    expect(prefillFromLaunch({ name: ' Mary Ann Smith ' }, 'USD').applicant.name).toEqual({
      firstName: 'Mary',
      lastName: 'Ann Smith',
    });
    expect(prefillFromLaunch({ name: 'Jane D0e' }, 'USD').applicant.name).toBeUndefined();
    expect(prefillFromLaunch({ name: 'Jane LLC' }, 'USD').applicant.name).toBeUndefined();
    expect(prefillFromLaunch({ name: 'Jane' }, 'USD').applicant.name).toBeUndefined();
    expect(prefillFromLaunch({ name: 'Zoë Côté' }, 'USD').applicant.name).toBeUndefined();
    expect(prefillFromLaunch({ name: 'Zoë Côté' }, 'CAD').applicant.name).toEqual({
      firstName: 'Zoë',
      lastName: 'Côté',
    });
  });

  it('reduces phones to digits, at most 10', () => {
    const doc = prefillFromLaunch({ phone: '+1 (201) 555-0123', companyPhone: '(416) 555-0123 ext 9' }, 'USD');
    expect(doc.applicant.phone).toEqual({ localPhoneNumber: '1201555012' });
    expect(doc.company.phone).toEqual({ localPhoneNumber: '4165550123' });
    expect(prefillFromLaunch({ phone: 'none' }, 'USD').applicant.phone).toBeUndefined();
  });

  it('maps the other launch parameters, booleans and the first of mcc or companySegment', () => {
    const doc = prefillFromLaunch(
      {
        email: ' jane@example.com ',
        lead_id: 'L1',
        user_id: 'U1',
        companyName: 'Acme',
        companyDba: 'Acme Shop',
        mcc: '5812',
        companySegment: '5999',
        agentId: 'A7',
        mock: 'TRUE',
        powerSeller: 'false',
        kycKybRequired: 'maybe',
        createBusiness: 'true',
        showStoreSwitcher: 'true',
        apiVersion: 'v1',
        campaign: 'spring',
        companyIdentificationType: 'fein',
        companyIdentificationValue: '123456780',
        token: '',
        unknownParam: 'x',
      },
      'USD',
    );
    expect(doc.applicant).toEqual({ email: { emailAddress: 'jane@example.com' }, leadId: 'L1', userId: 'U1' });
    expect(doc.company).toEqual({
      name: 'Acme',
      dba: 'Acme Shop',
      segment: '5812',
      governmentIdentification: { sourceType: 'FEIN', value: '123456780' },
    });
    expect(doc.application).toEqual({
      agentId: 'A7',
      mock: true,
      isPowerSeller: false,
      createBusiness: true,
      storeSwitcher: true,
      apiVersion: 'V1',
      campaignName: 'spring',
    });
  });

  it('an empty query gives three empty parts', () => {
    expect(prefillFromLaunch({}, 'USD')).toEqual({ applicant: {}, company: {}, application: {} });
  });

  it('property: any launch phone becomes its first 10 digits (or nothing)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (phone) => {
        const digits = phone.replace(/\D/g, '').slice(0, 10);
        const got = prefillFromLaunch({ phone }, 'USD').applicant.phone as { localPhoneNumber: string } | undefined;
        return digits === '' ? got === undefined : got?.localPhoneNumber === digits;
      }),
    );
  });

  it('property: a name is used only when both halves are made of letters and not placeholders', () => {
    const word = fc.stringMatching(/^[A-Za-z]{1,12}$/);
    fc.assert(
      fc.property(word, word, (first, last) => {
        const placeholder =
          /^(TEST|TESTING|NULL|NONE|NA|NIL|UNKNOWN|TBD|ASDF|QWERTY|XXX|FIRSTNAME|LASTNAME|NAME|INC|INCORPORATED|LLC|LLP|LTD|LTEE|CORP|CORPORATION|COMPANY|CO|GROUP|ENTERPRISES|BUSINESS)$/i;
        const expected =
          placeholder.test(first) || placeholder.test(last) ? undefined : { firstName: first, lastName: last };
        expect(prefillFromLaunch({ name: `${first} ${last}` }, 'USD').applicant.name).toEqual(expected);
      }),
    );
  });
});
