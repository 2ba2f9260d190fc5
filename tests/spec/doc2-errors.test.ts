/**
 * doc2 §8 Display, transcribed: which text a failed call shows (engine/calls/errors.ts failureFrom, the function
 * the screens use), and doc2 §8 Messages: the messages the spec quotes, in en-US as the spec writes them.
 */
import { failureFrom } from '../../engine/calls/errors.ts';

const LEAKS = ['Unhandled error', 'TypeError:', 'ValidationError:'];

describe('doc2 §8 Display: the message of a failed call', () => {
  // "Message is taken from response details[0].description, then message, then error."
  it('takes details[0].description first, then message, then error', () => {
    expect(
      failureFrom(400, { details: [{ description: 'From details' }], message: 'From message', error: 'From error' })
        .messages,
    ).toEqual(['From details']);
    expect(failureFrom(400, { details: [{}], message: 'From message', error: 'From error' }).messages).toEqual([
      'From message',
    ]);
    expect(failureFrom(400, { error: 'From error' }).messages).toEqual(['From error']);
  });

  // "Messages containing Unhandled error, TypeError: or ValidationError: are replaced by the default message."
  // The chosen message is replaced: a leaking details[0].description does not fall through to message or error.
  for (const leak of LEAKS) {
    it(`replaces a chosen message containing '${leak}' by the default (an empty list)`, () => {
      expect(
        failureFrom(500, {
          details: [{ description: `${leak} at line 3` }],
          message: 'Readable',
          error: 'Also readable',
        }).messages,
      ).toEqual([]);
      expect(failureFrom(500, { message: `x ${leak} y`, error: 'Readable' }).messages).toEqual([]);
      expect(failureFrom(500, { error: `${leak}` }).messages).toEqual([]);
    });
  }

  // "An errors array shows each item", and an item containing a leak is replaced by the default message ('').
  it('shows each item of an errors array, the default in place of a leaking one', () => {
    expect(failureFrom(400, { errors: ['One', { description: 'Two' }, { message: 'Three' }] }).messages).toEqual([
      'One',
      'Two',
      'Three',
    ]);
    for (const leak of LEAKS) {
      expect(failureFrom(400, { errors: ['One', `${leak} boom`] }).messages).toEqual(['One', '']);
    }
  });
});
