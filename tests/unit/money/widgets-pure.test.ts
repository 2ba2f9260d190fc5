/**
 * The pure halves of the money widgets and kinds: where a redirect screen may send the browser, how price entries
 * become fee lines, how a card entry is checked and posted, and labels of fields that only a condition shows.
 */
import { describe, expect, it } from 'vitest';
import { redirectTarget } from '../../../engine/screens/redirect-target.ts';
import { priceLines } from '../../../engine/form/price-lines.ts';
import { entryBody, partProblems, type EntryPart } from '../../../engine/form/token-entry.ts';
import { localiseUiSchema } from '../../../engine/form/localise-ui.ts';

const origin = 'https://app.example.com';

describe('redirectTarget', () => {
  it('builds a same-origin address from the answer and the route', () => {
    const options = {
      href: { cat: [{ var: 'response.url' }, '&return=/', { var: 'route.applicationId' }, '/bank/linked'] },
    };
    const context = {
      response: { url: '/sandbox/bank-link?token=link-sandbox-1' },
      route: { applicationId: 'urn:app:a' },
    };
    expect(redirectTarget(options, context, origin)).toBe(
      'https://app.example.com/sandbox/bank-link?token=link-sandbox-1&return=/urn:app:a/bank/linked',
    );
  });

  it('refuses another origin, a protocol-relative address and javascript:, unless external https is allowed', () => {
    for (const href of ['https://evil.example.net/x', '//evil.example.net/x', 'javascript:alert(1)']) {
      expect(redirectTarget({ href }, {}, origin)).toBeUndefined();
    }
    expect(redirectTarget({ href: 'https://partner.example.net/x', external: true }, {}, origin)).toBe(
      'https://partner.example.net/x',
    );
    expect(redirectTarget({ href: 'http://partner.example.net/x', external: true }, {}, origin)).toBeUndefined();
  });

  it('replaces placeholders with encoded values and gives nothing when a value is missing', () => {
    const options = {
      href: 'https://hub.example.net/store/{%ID%}/payments',
      replace: { '{%ID%}': { var: 'application.storeId' } },
      external: true,
    };
    expect(redirectTarget(options, { application: { storeId: 'a/b c' } }, origin)).toBe(
      'https://hub.example.net/store/a%2Fb%20c/payments',
    );
    expect(redirectTarget(options, { application: {} }, origin)).toBeUndefined();
    expect(redirectTarget({ href: { var: 'missing' } }, {}, origin)).toBeUndefined();
  });
});

describe('priceLines', () => {
  const shape = {
    matchOn: 'planKey',
    centsField: 'perUnitCents',
    trialField: 'trialPeriodDays',
    unshipped: { field: 'device', values: ['NO_DEVICE'] },
  };
  const plans = [
    { planKey: 'n910', perUnitCents: 3000, trialPeriodDays: 0, device: 'N910' },
    { planKey: 'noDevice', perUnitCents: 0, trialPeriodDays: 0, device: 'NO_DEVICE' },
  ];
  it('matches selections to prices and marks unshipped kinds', () => {
    expect(
      priceLines(
        plans,
        [
          { planKey: 'n910', quantity: 2 },
          { planKey: 'noDevice', quantity: 1 },
        ],
        shape,
      ).lines,
    ).toEqual([
      { key: 'n910', perUnitCents: 3000, quantity: 2, trialPeriodDays: 0, shipped: true },
      { key: 'noDevice', perUnitCents: 0, quantity: 1, trialPeriodDays: 0, shipped: false },
    ]);
  });
  it('reports unknown keys and tolerates missing data', () => {
    expect(priceLines(plans, [{ planKey: 'x', quantity: 1 }], shape)).toEqual({ lines: [], unknown: ['x'] });
    expect(priceLines(undefined, undefined, shape)).toEqual({ lines: [], unknown: [] });
  });
});

describe('card entry parts', () => {
  const parts: EntryPart[] = [
    { name: 'number', format: 'card-number', labelKey: 'k', requiredKey: 'number.required', inputMode: 'numeric' },
    { name: 'cvv', format: 'card-cvv', labelKey: 'k', requiredKey: 'cvv.required', inputMode: 'numeric' },
    { name: 'expiry', format: 'card-expiry', labelKey: 'k', requiredKey: 'expiry.required' },
    {
      name: 'postalCode',
      format: 'card-postal-code',
      labelKey: 'k',
      requiredKey: 'postalCode.required',
      inputMode: 'numeric',
    },
  ];
  it('passes a valid card and names the failing parts of a bad one', () => {
    expect(
      partProblems(parts, { number: '4242 4242 4242 4242', cvv: '123', expiry: '12/39', postalCode: '78701' }),
    ).toEqual({});
    const problems = partProblems(parts, { number: '4242424242424241', cvv: '12', expiry: '01/20', postalCode: '' });
    expect(problems.number?.key).toBe('validation.card-number');
    expect(problems.cvv?.key).toBe('validation.card-cvv');
    expect(problems.expiry?.key).toBe('validation.card-expiry.past');
    // A part left empty says what to enter (its own key), not "This field is required." (issue 22 item 11).
    expect(problems.postalCode?.key).toBe('postalCode.required');
  });
  it('posts numeric parts without spaces or dashes', () => {
    expect(
      entryBody(parts, { number: '4242 4242-4242 4242', cvv: '123', expiry: '12/39', postalCode: '78701' }),
    ).toEqual({ number: '4242424242424242', cvv: '123', expiry: '12/39', postalCode: '78701' });
  });
});

describe('localiseUiSchema with conditional fields', () => {
  it('labels fields that only an if-then branch or allOf shows, with their options', () => {
    const schema = {
      properties: { kind: { enum: ['A', 'B'] } },
      allOf: [
        {
          if: { properties: { kind: { const: 'A' } } },
          then: { properties: { plan: { enum: ['x', 'y'] }, qty: { type: 'integer' } } },
        },
      ],
    };
    const ui = localiseUiSchema(schema, {}, 'p', (key) => `<${key}>`);
    expect(ui.plan).toMatchObject({
      'ui:title': '<p.plan.label>',
      'ui:enumNames': ['<p.plan.options.x>', '<p.plan.options.y>'],
    });
    expect(ui.qty).toMatchObject({ 'ui:title': '<p.qty.label>' });
    expect(ui.kind).toMatchObject({ 'ui:enumNames': ['<p.kind.options.A>', '<p.kind.options.B>'] });
  });
});

describe('localiseErrors with conditional requirements', () => {
  it('drops the if-keyword error and keeps the branch’s own error', async () => {
    const { localiseErrors } = await import('../../../engine/form/validator.ts');
    const errors = [
      {
        name: 'required',
        property: '',
        params: { missingProperty: 'fewerOk' },
        message: 'required',
        stack: '',
        schemaPath: '#/allOf/0/then/required',
      },
      {
        name: 'if',
        property: '',
        params: { failingKeyword: 'then' },
        message: 'must match "then" schema',
        stack: '',
        schemaPath: '#/allOf/0/if',
      },
    ];
    const out = localiseErrors(
      errors,
      {},
      { fewerOk: { 'ui:messages': { required: 'money.bundle.fewerOk.confirm' } } },
      (key) => `<${key}>`,
      ['fewerOk'],
    );
    expect(out.map((e) => [e.property, e.message])).toEqual([['.fewerOk', '<money.bundle.fewerOk.confirm>']]);
  });
});
