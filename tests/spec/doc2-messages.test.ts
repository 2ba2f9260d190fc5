/**
 * doc2 §5 and §8 messages, transcribed: every message document 2 quotes is a message of the en-US catalogue, in the
 * spec's own words (a final full stop and the typographic apostrophe aside), or in the smallest grammatical fix that
 * locales/README.md lists beside the spec's text. A message's variables are filled with the spec's values.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadCatalogues } from '../../scripts/content/load.ts';
import { REPO } from './tables.ts';

const enUS = loadCatalogues(REPO)['en-US']!;
const readme = readFileSync(resolve(REPO, 'locales/README.md'), 'utf8');

/** The spec's quoted messages (doc2 §5, §8), with the values its variables take in the spec's words. */
const QUOTED: Array<{ text: string; values?: Record<string, string> }> = [
  // doc2 §5 Person names, Email, Phone
  { text: "Please add the owner's first legal name" },
  { text: 'Please enter a valid First Name' },
  { text: 'Please enter a valid Email Address' },
  { text: 'Emails must match' },
  { text: 'Please use a unique email for each partner.' },
  { text: 'Please enter a valid Mobile Number' },
  // doc2 §5 Tax and government identifiers
  { text: 'Please enter a correct EIN' },
  { text: 'Incorrect EIN number provided' },
  { text: 'Please enter a correct last 4 digits of SSN Number' },
  { text: 'Incorrect SSN number provided' },
  { text: 'Please enter a correct SIN' },
  // doc2 §5 Address
  { text: 'PO Box is not allowed please add a physical address.' },
  { text: 'The address must start with a building number' },
  { text: 'Street number is required.' },
  { text: 'Please enter a valid Home Address' },
  // doc2 §5 Business website (maximum 100 characters), category, bank
  { text: 'Business Website is invalid' },
  { text: 'Business Website exceeds 100 character limit', values: { limit: '100' } },
  { text: 'GoDaddy is unable to process payments for this business category' },
  { text: 'Account number is not matching, please verify' },
  // doc2 §5 One-time code
  { text: 'Code is required.' },
  { text: "Hmm that code doesn't match." },
  { text: 'This code has expired. Please resend code and try again.' },
  { text: 'Please enter the correct code.' },
  // doc2 §5 Generic form messages
  { text: 'Fill in the required fields to continue.' },
  { text: 'Please fill or correct required fields.' },
  // doc2 §8 Messages
  { text: 'Sorry, something went wrong. Please try again. If you have any questions, please contact support.' },
  { text: 'GoDaddy Payments is not supporting in your market and currency.' },
  { text: 'Cannot get page configuration from server. Please try again later.' },
  { text: 'Oops! Looks like the URL is incorrect' },
  { text: 'Oops! Looks like the URL is expired' },
  { text: 'Sorry, something went wrong. Please wait a few minutes and try connecting again.' },
  { text: 'Service temporarily unavailable. Please try again later.' },
  { text: 'Your selected payment method was declined by bank. Please use another one.' },
  { text: 'Application not found, please reload the page.' },
  { text: 'Application fetch Error, please reload the page.' },
  { text: 'Application update Error, please reload the page.' },
  { text: 'Applicant update Error, please reload the page.' },
  { text: 'It seems like you are not authorized to create a channel.' },
  { text: 'Cannot select this business, please create a new business to proceed' },
];

/** The conventions: the typographic apostrophe, and a final full stop. */
const normal = (text: string) => text.replace(/’/g, "'").trim().replace(/[.!]$/, '');

/** locales/README.md's fixes: the spec's text, then ours, on one table row. */
function fixOf(text: string): string | undefined {
  const row = readme.split('\n').find((line) => line.includes(`'${text}'`));
  return row
    ?.split('|')
    .map((cell) => cell.trim())
    .filter(Boolean)
    .at(-1);
}

const filled = (message: string, values: Record<string, string> = {}) =>
  message.replace(/\{\$(\w+)\}/g, (_m, name: string) => values[name] ?? `{$${name}}`);

describe('doc2 §5, §8: the messages the spec quotes, in en-US', () => {
  const messages = Object.values(enUS);
  for (const { text, values } of QUOTED) {
    it(`'${text}'`, () => {
      const fix = fixOf(text);
      const wanted = normal(filled(fix ?? text, values));
      expect(messages.map((message) => normal(filled(message, values)))).toContain(wanted);
    });
  }

  it('lists a fix only for a message the spec quotes', () => {
    const listed = readme
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .filter((cells) => cells.length > 3 && /^'.*'$/.test(cells[2] ?? ''))
      .map((cells) => cells[2].slice(1, -1));
    expect(listed.length).toBeGreaterThan(0);
    for (const text of listed) expect(QUOTED.map((q) => q.text)).toContain(text);
  });
});
