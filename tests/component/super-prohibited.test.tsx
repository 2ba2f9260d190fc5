/**
 * doc2 §5 Business category: 'a SUPER_PROHIBITED category is blocked with "GoDaddy is unable to process payments for
 * this business category" and the dropdown frames red' (issue 28 item 11): in the real category screen, choosing a
 * refused industry shows the message, marks the list invalid, and Continue sends nothing.
 */
import { readFileSync } from 'node:fs';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen } from './render-screen.tsx';

const categories = JSON.parse(readFileSync('rules/categories.json', 'utf8')) as {
  groups: Array<{ id: string; industries: Array<{ id: number; type: string }> }>;
};
const refused = categories.groups
  .flatMap((group) => group.industries)
  .find((industry) => industry.type === 'SUPER_PROHIBITED')!;
const refusedGroup = categories.groups.find((group) => group.industries.includes(refused))!.id;
const MESSAGE = 'GoDaddy is unable to process payments for this business category';

it('blocks a SUPER_PROHIBITED industry with the spec’s message, the list marked invalid, nothing sent', async () => {
  const calls = fakeApi(
    { application: { id: applicationId }, company: { name: 'Jane Doe Bakery LLC' } },
    (method, url) => {
      if (url.startsWith('/api/v2/categories/predict')) return { status: 503, body: {} };
      if (url.startsWith('/api/v2/categories')) return { status: 200, body: { groups: categories.groups } };
      return undefined;
    },
  );
  await renderScreen(`/${applicationId}/applicant/category`);
  const box = await screen.findByRole('combobox', { name: /Business category/ });
  const user = userEvent.setup();
  await user.click(box);
  await waitFor(() => expect(screen.getAllByRole('option').length).toBeGreaterThan(100));
  await user.click(document.getElementById(`${box.id}__option-${refusedGroup}-${refused.id}`)!);
  expect((await screen.findAllByText(MESSAGE, { exact: false })).length).toBeGreaterThan(0);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(box).toHaveAttribute('aria-invalid', 'true'));
  // Issue 22 defect 11: the summary's heading is the refusal, not "Please fill or correct required fields".
  const summary = await screen.findByRole('alert');
  expect(within(summary).getByRole('heading', { level: 2 }).textContent).toBe(
    'We can’t accept this business category.',
  );
  expect(calls.calls.filter((call) => call.method === 'PUT')).toEqual([]);
});
