/**
 * Issue 27.10: a form drawn before the application's read (the upgrade's signup form) takes the saved values when
 * they come, and never overwrites what the person already typed (engine/state/bind.ts refillFromDocument, used by
 * engine/screens/form-screen.tsx whenever the bound document values change under an open form).
 */
import { describe, expect, it } from 'vitest';
import { formDataFrom, refillFromDocument } from '../../../engine/state/bind.ts';

const bind = { firstName: 'applicant.name.firstName', lastName: 'applicant.name.lastName', email: 'applicant.email' };

describe('refillFromDocument', () => {
  it('fills an empty form with what the read brings', () => {
    const before = formDataFrom({ applicant: {} }, bind);
    const after = formDataFrom({ applicant: { name: { firstName: 'Ann', lastName: 'Lee' }, email: 'a@x.ca' } }, bind);
    expect(refillFromDocument({}, before, after)).toEqual({ firstName: 'Ann', lastName: 'Lee', email: 'a@x.ca' });
  });

  it('keeps what the person typed, and takes new values where the form still shows the earlier ones', () => {
    const before = { firstName: 'Ann', lastName: 'Lee' };
    const after = { firstName: 'Anne', lastName: 'Leigh', email: 'a@x.ca' };
    expect(refillFromDocument({ firstName: 'Annie', lastName: 'Lee', email: '' }, before, after)).toEqual({
      firstName: 'Annie',
      lastName: 'Leigh',
      email: 'a@x.ca',
    });
  });

  it('leaves fields the document does not bind alone', () => {
    expect(refillFromDocument({ confirmEmail: 'a@x.ca' }, {}, { email: 'a@x.ca' })).toEqual({
      confirmEmail: 'a@x.ca',
      email: 'a@x.ca',
    });
  });
});
