/** reasonForError, cross-field rules with $data, checkDocument, uniqueEmails, cardBrand, describeCompanyNumber. */
import Ajv, { type ErrorObject } from 'ajv';
import {
  cardBrand,
  checkDocument,
  describeCompanyNumber,
  reasonForError,
  registerFormats,
  setValidationClock,
  uniqueEmails,
} from '../../../engine/validation/index.ts';

const ajv = new Ajv({ allErrors: true, $data: true });
registerFormats(ajv);

/** Validates and returns the reason of each error on a property, with the field's ui:messages. */
function reasons(
  schema: object,
  data: Record<string, unknown>,
  uiMessages: Record<string, Record<string, string>> = {},
) {
  const validate = ajv.compile(schema);
  validate(data);
  return (validate.errors ?? []).map((error: ErrorObject) => {
    const field = error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.slice(1);
    return { field, ...reasonForError(error, data[field], uiMessages[field]) };
  });
}

describe('reasonForError', () => {
  it('maps plain keywords to default keys with their arguments', () => {
    const schema = {
      type: 'object',
      required: ['name'],
      properties: {
        note: { type: 'string', maxLength: 3 },
        code: { type: 'string', minLength: 2 },
        kind: { enum: ['a', 'b'] },
        age: { type: 'integer' },
      },
    };
    expect(reasons(schema, { note: 'abcd', code: 'x', kind: 'c', age: 'x' })).toEqual([
      { field: 'name', key: 'validation.required' },
      { field: 'note', key: 'validation.maxLength', args: { limit: 3 } },
      { field: 'code', key: 'validation.minLength', args: { limit: 2 } },
      { field: 'kind', key: 'validation.enum' },
      { field: 'age', key: 'validation.type' },
    ]);
  });

  it('asks the format why: different keys for a PO box and a missing building number', () => {
    const schema = { type: 'object', properties: { line1: { type: 'string', format: 'street-address' } } };
    expect(reasons(schema, { line1: 'PO Box 12' })).toEqual([{ field: 'line1', key: 'validation.address.poBox' }]);
    expect(reasons(schema, { line1: 'Main St 12' })).toEqual([
      { field: 'line1', key: 'validation.address.buildingNumber' },
    ]);
    expect(reasons(schema, { line1: 'x'.repeat(301) })).toEqual([
      { field: 'line1', key: 'validation.address.tooLong', args: { limit: 300 } },
    ]);
  });

  it('email confirmation through $data const, with the field ui:messages key', () => {
    const schema = {
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        emailConfirm: { type: 'string', const: { $data: '1/email' } },
      },
    };
    const ui = { emailConfirm: { const: 'validation.emailMismatch' } };
    expect(reasons(schema, { email: 'a@example.com', emailConfirm: 'b@example.com' }, ui)).toEqual([
      { field: 'emailConfirm', key: 'validation.emailMismatch' },
    ]);
    expect(reasons(schema, { email: 'a@example.com', emailConfirm: 'a@example.com' }, ui)).toEqual([]);
  });

  it('account-number confirmation through $data const', () => {
    const schema = {
      type: 'object',
      properties: {
        accountNumber: { type: 'string', format: 'bank-account-number' },
        accountNumberConfirm: { type: 'string', const: { $data: '1/accountNumber' } },
      },
    };
    const ui = { accountNumberConfirm: { const: 'validation.accountNumberMismatch' } };
    expect(reasons(schema, { accountNumber: '123456', accountNumberConfirm: '123465' }, ui)).toEqual([
      { field: 'accountNumberConfirm', key: 'validation.accountNumberMismatch' },
    ]);
  });

  it('ui:messages override by reason key, then format name, then keyword; arguments are kept', () => {
    const restore = setValidationClock(() => new Date('2026-06-15T12:00:00Z'));
    try {
      const schema = {
        type: 'object',
        properties: {
          dob: { type: 'string', format: 'date-of-birth' },
          first: { type: 'string', format: 'person-name' },
        },
      };
      const ui = {
        dob: { 'validation.dateOfBirth.minAge': 'validation.dateOfBirth.minAgeCa' },
        first: { 'person-name': 'validation.personName.firstInvalid' },
      };
      expect(reasons(schema, { dob: '01/01/2015', first: 'J0hn' }, ui)).toEqual([
        { field: 'dob', key: 'validation.dateOfBirth.minAgeCa', args: { minAge: 18, maxAge: 100 } },
        { field: 'first', key: 'validation.personName.firstInvalid' },
      ]);
      expect(reasons(schema, { dob: '1900/01/01' }, ui)).toEqual([
        { field: 'dob', key: 'validation.dateOfBirth.formatMdy', args: { minAge: 18, maxAge: 100 } },
      ]);
    } finally {
      restore();
    }
  });

  it('an unknown keyword gets the fallback key', () => {
    const error = { keyword: 'somethingNew', instancePath: '/x', schemaPath: '#', params: {} } as ErrorObject;
    expect(reasonForError(error, 'x')).toEqual({ key: 'validation.invalid' });
    expect(reasonForError(error, 'x', { somethingNew: 'validation.const' })).toEqual({ key: 'validation.const' });
  });
});

describe('checkDocument', () => {
  const doc = {
    applicant: {
      name: { firstName: 'José', lastName: 'Tremblay' },
      email: { emailAddress: 'jose@example' },
      phone: { localPhoneNumber: '4165550123' },
      address: { line1: 'PO Box 4', line2: '', city: 'Montréal', zip: 'H9B 1Y7' },
    },
    company: { name: 'Café Olé', site: 'cafe-ole.ca' },
    owners: [
      { firstName: 'Ann', email: 'ann@example.com' },
      { firstName: 'B0b', email: 'bob@example.com' },
    ],
    bank: { account: { routingNumber: '021000022', accountNumber: 12345 } },
  };

  it('applies the Canada formats', () => {
    expect(checkDocument(doc, 'CA')).toEqual([
      { field: '/applicant/email/emailAddress', key: 'validation.email' },
      { field: '/applicant/address/line1', key: 'validation.address.poBox' },
      { field: '/owners/1/firstName', key: 'validation.name.digits' },
      { field: '/bank/account/accountNumber', key: 'validation.type' },
    ]);
  });

  it('applies the US formats to the same document', () => {
    const fields = checkDocument(doc, 'US').map((problem) => `${problem.field} ${problem.key}`);
    expect(fields).toEqual([
      '/applicant/name/firstName validation.person-name',
      '/applicant/email/emailAddress validation.email',
      '/applicant/phone/localPhoneNumber validation.mobilePhone',
      '/applicant/address/line1 validation.address.poBox',
      '/applicant/address/zip validation.us-zip',
      '/company/name validation.businessName.characters',
      '/owners/1/firstName validation.name.digits',
      '/bank/account/routingNumber validation.routing-number',
      '/bank/account/accountNumber validation.type',
    ]);
  });

  it('checks only the fields at, under or above the pointers in scope, and finds there what the whole check finds', () => {
    expect(checkDocument(doc, 'US', ['/applicant/name', '/owners/1'])).toEqual([
      { field: '/applicant/name/firstName', key: 'validation.person-name' },
      { field: '/owners/1/firstName', key: 'validation.name.digits' },
    ]);
    expect(checkDocument(doc, 'US', [])).toEqual([]);
    const touches = (a: string, b: string) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
    const scopes = [
      [''],
      ['/owners'],
      ['/owners/0', '/bank'],
      ['/owners/1/firstName/deeper'],
      ['/applicant/address', '/company/name'],
      ['/bank/account/accountNumber'],
      ['/nothing'],
    ];
    for (const market of ['US', 'CA'])
      for (const scope of scopes)
        expect(checkDocument(doc, market, scope)).toEqual(
          checkDocument(doc, market).filter((problem) => scope.some((pointer) => touches(problem.field, pointer))),
        );
  });

  it('returns [] for a good document and for anything that is not a document', () => {
    const good = {
      applicant: { name: { firstName: 'Ann', lastName: 'Lee' }, address: { line1: '12 Main St', zip: '90210' } },
    };
    expect(checkDocument(good, 'US')).toEqual([]);
    expect(checkDocument(null, 'US')).toEqual([]);
    expect(checkDocument('x', 'CA')).toEqual([]);
  });
});

describe('uniqueEmails', () => {
  it('reports later repeats, case-insensitively and trimmed, ignoring empty entries', () => {
    expect(uniqueEmails(['a@x.com', 'b@x.com', 'A@X.com', ' b@x.com ', '', '', 'c@x.com', 'a@x.com'])).toEqual([
      2, 3, 7,
    ]);
    expect(uniqueEmails(['a@x.com', 'b@x.com'])).toEqual([]);
  });
});

describe('cardBrand', () => {
  it.each([
    ['4111 1111 1111 1111', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['2221000000000009', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011111111111117', 'discover'],
    ['3530111333300000', 'jcb'],
    ['36227206271667', 'diners'],
    ['1234567890123456', null],
    ['4111', null],
    ['abcd', null],
  ])('%s is %s', (number, brand) => {
    expect(cardBrand(number)).toBe(brand);
  });
});

describe('describeCompanyNumber', () => {
  it.each([
    ['1234567', 'on', { length: 7, kind: 'digits', province: 'ON' }],
    ['BC-1234567', 'BC', { length: 9, kind: 'mixed', province: 'BC' }],
    ['ABC', undefined, { length: 3, kind: 'letters', province: null }],
    ['', 'QC', { length: 0, kind: 'empty', province: 'QC' }],
    ['12#4', ' ', { length: 4, kind: 'other', province: null }],
  ])('%j in %j', (value, province, expected) => {
    expect(describeCompanyNumber(value, province)).toEqual(expected);
  });
});
