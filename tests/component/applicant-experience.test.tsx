/**
 * Issue 22: defects a new applicant hit, each tested as the person meets them (typing, at the screen), not by
 * injected state. Every expectation comes from the and the specification's text: what is submitted is what
 * is shown (doc1 §2.7 category), an emptied optional field is absent, no message shows its raw `{$variables}`.
 */
import { readFileSync } from 'node:fs';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, fakeApi, renderScreen } from './render-screen.tsx';

const categories = JSON.parse(readFileSync('rules/categories.json', 'utf8')) as { groups: unknown[] };

/** The API of the category step: the categories, and a prediction that is not available. */
const categoriesApi = () =>
  fakeApi({ application: { id: applicationId }, company: { name: 'Jane Doe LLC' } }, (method, url) => {
    if (url.startsWith('/api/v2/categories/predict')) return { status: 503, body: {} };
    if (url.startsWith('/api/v2/categories')) return { status: 200, body: { groups: categories.groups } };
    return undefined;
  });

describe('category: what is submitted is what is shown (issue 22 item 1)', () => {
  it('a restricted industry chosen, then a search that does not match it: the choice stays visibly selected and is what is sent', async () => {
    const calls = categoriesApi();
    await renderScreen(`/${applicationId}/applicant/category`);
    // One combobox (WAI-ARIA pattern), used with the keyboard alone: type, ArrowDown to the match, Enter.
    const box = await screen.findByRole('combobox', { name: /Business category/ });
    const user = userEvent.setup();
    await user.click(box);
    await user.keyboard('racing');
    await waitFor(() => expect(screen.getByRole('option', { name: /Horse or dog racing/ })).toBeInTheDocument(), {
      timeout: 3000,
    });
    await waitFor(() => expect(screen.getAllByRole('option').length).toBeLessThan(10));
    await user.keyboard('{ArrowDown}');
    const active = box.getAttribute('aria-activedescendant');
    expect(document.getElementById(active!)?.textContent).toBe('Horse or dog racing');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Horse or dog racing');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(await screen.findByText(/manual review/i)).toBeInTheDocument();
    // A new search that does not match it: the choice stays named on screen while the box holds the search.
    await user.clear(box);
    await user.keyboard('bakery');
    expect(screen.getByText('Your choice: Horse or dog racing')).toBeInTheDocument();
    expect(screen.getByText(/manual review/i)).toBeInTheDocument();
    // Escape closes the list, a second Escape gives the box its choice back.
    await user.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('Horse or dog racing');
    await user.type(screen.getByLabelText(/Business website/), 'www.example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(calls.calls.some((call) => call.method === 'PUT')).toBe(true));
    const sent = calls.calls.find((call) => call.method === 'PUT')!.body as {
      company: { mccDetails: { industryId: number } };
    };
    // What is sent is the industry the person sees chosen (rules/categories.json: 300 is horse or dog racing).
    expect(sent.company.mccDetails.industryId).toBe(300);
  });
});

describe('category: an arrow key pressed before the search settles', () => {
  it('moves in the list the search settles to, and the option stays active once the delay has passed', async () => {
    categoriesApi();
    await renderScreen(`/${applicationId}/applicant/category`);
    const box = await screen.findByRole('combobox', { name: /Business category/ });
    const user = userEvent.setup();
    await user.click(box);
    // Typed and the arrow pressed at once, well within the search delay (flows/signup/screens/category.json).
    await user.keyboard('racing{ArrowDown}');
    await waitFor(() => expect(box.getAttribute('aria-activedescendant')).toBeTruthy());
    expect(document.getElementById(box.getAttribute('aria-activedescendant')!)?.textContent).toBe(
      'Horse or dog racing',
    );
    // Longer than the search delay: the settled search does not take the active option away.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(document.getElementById(box.getAttribute('aria-activedescendant') ?? '')?.textContent).toBe(
      'Horse or dog racing',
    );
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('Horse or dog racing');
  });
});

describe('every message gets its variables (issue 22 item 3)', () => {
  it('manual bank entry: a short account number says how many digits, with the numbers, not {$min}', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    fakeApi({ application: { id: applicationId }, company: { currency: 'USD' } });
    await renderScreen(`/${applicationId}/bank/manual`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Account holder name/), 'Jane Doe');
    await user.click(screen.getByLabelText(/^Checking/));
    await user.type(screen.getByLabelText(/^Routing number/), '011000015');
    await user.type(screen.getByLabelText(/^Account number/), '12');
    await user.type(screen.getByLabelText(/^Confirm account number/), '12');
    await user.click(screen.getByRole('button', { name: /Continue|Save/ }));
    await waitFor(() =>
      expect(screen.getAllByText(/The account number must have 4 to 17 digits\./).length).toBeGreaterThan(0),
    );
    expect(document.body.textContent).not.toContain('{$');
    const logged = [...errors.mock.calls, ...warnings.mock.calls].map((call) => call.map(String).join(' '));
    expect(logged.filter((line) => line.includes('Variable not available'))).toEqual([]);
  });
});

describe('wording: each field says what to do (issue 22 item 11)', () => {
  it('an empty required field asks for what it needs, by name, not "This field is required."', async () => {
    const calls = fakeApi({ application: { id: applicationId }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/update`);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    expect(summary.textContent).toContain('Enter your legal first name.');
    expect(summary.textContent).toContain('Enter your legal last name.');
    expect(summary.textContent).toContain('Enter your email address.');
    expect(document.body.textContent).not.toContain('This field is required.');
    expect(calls.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

describe('where am I: every form step has a Back link (issue 22 item 10)', () => {
  it('after a step, the next form offers Back, which returns to the step before', async () => {
    fakeApi({ application: { id: applicationId }, applicant: {}, company: {} });
    await renderScreen(`/${applicationId}/update`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Legal first name|^First name/), 'Jane');
    await user.type(screen.getByLabelText(/^Legal last name|^Last name/), 'Doe');
    await user.type(screen.getByLabelText(/^Email/), 'jane@example.com');
    await user.type(screen.getByLabelText(/^Confirm/), 'jane@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await screen.findByRole('heading', { level: 1, name: 'About your business' }, { timeout: 8000 });
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' })).toBeInTheDocument();
  });
});
