/** Required fields and the key of their own message (engine/content/required-fields.ts), with plain objects. */
import {
  fieldNames,
  ownRequiredKey,
  requiredFieldsOf,
  requiredMessageKey,
  uiSchemaAt,
} from '../../../engine/content/required-fields.ts';

describe('requiredFieldsOf', () => {
  it('finds required fields at the root, in nested objects and array items, and those conditions add', () => {
    const schema = {
      type: 'object',
      required: ['name', 'address'],
      properties: {
        name: { type: 'string' },
        kind: { enum: ['A', 'B'] },
        secret: { type: 'string' },
        address: { type: 'object', required: ['zip'], properties: { zip: { type: 'string' } } },
        owners: {
          type: 'array',
          items: { type: 'object', required: ['firstName'], properties: { firstName: { type: 'string' } } },
        },
        note: { type: 'string' },
        email: { type: 'string' },
      },
      dependentRequired: { email: ['note'] },
      allOf: [
        { if: { required: ['kind'], properties: { kind: { const: 'A' } } }, then: { required: ['secret', 'kind'] } },
      ],
    };
    const fields = requiredFieldsOf(schema, { secret: { 'ui:widget': 'hidden' } });
    expect(
      fields.map(({ path, at, conditional }) => ({ path: path.join('.'), at: at.join('/'), conditional })),
    ).toEqual([
      { path: 'name', at: 'required/0', conditional: false },
      { path: 'address', at: 'required/1', conditional: false },
      // `if` only tests whether kind is there; `then` requires it.
      { path: 'kind', at: 'allOf/0/then/required/1', conditional: true },
      { path: 'note', at: 'dependentRequired/email/0', conditional: true },
      { path: 'address.zip', at: 'properties/address/required/0', conditional: false },
      { path: 'owners.firstName', at: 'properties/owners/items/required/0', conditional: false },
    ]);
  });

  it('finds nothing in a form without required fields', () => {
    expect(requiredFieldsOf({ type: 'object', properties: { a: { type: 'string' } } }, {})).toEqual([]);
    expect(requiredFieldsOf(undefined, undefined)).toEqual([]);
  });
});

describe('the own message of a field', () => {
  it('is <prefix>.<names>.required, array indices left out, unless its uiSchema declares one', () => {
    expect(fieldNames('.owners.0.firstName')).toEqual(['owners', 'firstName']);
    expect(requiredMessageKey('p', ['address', 'zip'])).toBe('p.address.zip.required');
    const ui = { owners: { items: { firstName: { 'ui:messages': { required: 'shared.firstName' } } } } };
    expect(uiSchemaAt(ui, 'owners.0.firstName')).toEqual({ 'ui:messages': { required: 'shared.firstName' } });
    expect(ownRequiredKey('p', ui, 'owners.0.firstName')).toEqual({ key: 'shared.firstName', declared: true });
    expect(ownRequiredKey('p', ui, 'address.zip')).toEqual({ key: 'p.address.zip.required', declared: false });
  });
});

describe('localiseErrors: a missing value shows the field’s own message, nested fields too', () => {
  const missing = (property: string, missingProperty: string) => ({
    name: 'required',
    property,
    params: { missingProperty },
    message: 'required',
    stack: '',
    schemaPath: '#/required',
  });

  it('reads the own key by the whole path, and ui:messages from the nested uiSchema (array items: items)', async () => {
    const { localiseErrors } = await import('../../../engine/form/validator.ts');
    const own = new Set(['p.address.zip.required', 'p.name.required']);
    const out = localiseErrors(
      [missing('', 'name'), missing('.address', 'zip'), missing('.owners.0', 'firstName'), missing('', 'note')],
      {},
      { owners: { items: { firstName: { 'ui:messages': { required: 'shared.firstName' } } } } },
      (key) => `<${key}>`,
      ['name', 'address', 'owners', 'note'],
      (field) =>
        own.has(requiredMessageKey('p', fieldNames(field))) ? requiredMessageKey('p', fieldNames(field)) : undefined,
    );
    expect(out.map((e) => [e.property, e.message])).toEqual([
      ['.name', '<p.name.required>'],
      ['.address.zip', '<p.address.zip.required>'],
      ['.owners.0.firstName', '<shared.firstName>'],
      // No message of its own: the generic one (the content check refuses such a field in real content).
      ['.note', '<validation.required>'],
    ]);
  });
});
