/**
 * doc1 §4.3 row 7, 'If approved with a channel request: add-channel': an approved application opened again with a
 * launch channel request (doc1 §3 channelName) goes from the resume screen to add-channel. The request's name goes along in the query. Seeded
 * through the API; the move out of the resume screen is the after-onboard table's row.
 */
import { expect, test } from './fixtures/transitions.ts';
import { applicationBody, open, seeded, signedIn } from './fixtures/seed.ts';
import { text } from './journey.ts';

test('an approved application with a channel request goes on to add-channel (US en-US, domain)', async ({ page }) => {
  await signedIn(page, 'US', 'en-US');
  const id = await seeded(page, applicationBody('US', '4321', 'Jane Doe Bakery APPROVED LLC'));
  await open(page, 'domain', id, 'resume?channelName=Corner%20Shop');
  // The launch's channel name goes along to the form (issue 28: a table row's query is applied).
  await expect(page).toHaveURL(new RegExp(`/${id}/add-channel\\?channelName=Corner\\+Shop$`));
  await expect(page.getByRole('heading', { level: 1, name: text('en-US', 'accounts.addChannel.title') })).toBeVisible();
});
