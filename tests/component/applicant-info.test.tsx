/**
 * The applicant-info screen as a user meets it, rendered from content: words from the catalogue, fields in the
 * order flows/ gives, errors from the shared rules, and the answers sent to the API at their bound paths.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, bundle, fakeApi, renderScreen } from './render-screen.tsx';
import type { ContentBundle } from '../../engine/content/types.ts';
import { validationMeasure } from '../../engine/form/validation-measure.ts';

const document = { application: { id: applicationId }, applicant: { name: { firstName: 'Ann' } }, company: {} };

describe('applicant info screen', () => {
  it('shows the words of the catalogue and the document’s answers', async () => {
    fakeApi(document);
    await renderScreen(`/${applicationId}/applicant`);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Tell us about yourself' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByLabelText(/Legal first name/)).toHaveValue('Ann');
    // No business type chosen yet: the progress walk (engine/flow/progress.ts) counts the business-number step too.
    expect(screen.getByText('Step 1 of 6')).toBeInTheDocument();
  });

  it('editing a message in the catalogue changes the screen', async () => {
    fakeApi(document);
    await renderScreen(`/${applicationId}/applicant`, {
      messages: { 'signup.applicantInfo.firstName.label': 'Given name (as on your ID)' },
    });
    expect(await screen.findByLabelText(/Given name \(as on your ID\)/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Legal first name/)).toBeNull();
  });

  it('editing the field order in flows/ changes the form', async () => {
    fakeApi(document);
    const edited = structuredClone(bundle) as ContentBundle;
    (edited.screens['applicant-info'].form!.uiSchema as Record<string, unknown>)['ui:order'] = [
      'email',
      'lastName',
      'firstName',
    ];
    const { container } = await renderScreen(`/${applicationId}/applicant`, { bundle: edited });
    await screen.findByRole('heading', { level: 1 });
    const ids = [...container.querySelectorAll('form input')].map((input) => input.id);
    expect(ids).toEqual(['root_email', 'root_lastName', 'root_firstName']);
  });

  it('an invalid submit shows a focused error summary linking each field, with the rules’ messages', async () => {
    const api = fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Legal first name/), 'Ann3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '#root_firstName',
      '#root_lastName',
      '#root_email',
    ]);
    expect(links[0]).toHaveTextContent('Legal first name: Names can’t contain numbers.');
    expect(screen.getByLabelText(/Legal first name/)).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
  });

  it('each submit records its validation as one User Timing measure (what `npm run bench` reads)', async () => {
    performance.clearMeasures(validationMeasure);
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`);
    const user = userEvent.setup();
    expect(performance.getEntriesByName(validationMeasure, 'measure')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const measures = performance.getEntriesByName(validationMeasure, 'measure');
    expect(measures).toHaveLength(2);
    for (const measure of measures) expect(measure.duration).toBeGreaterThanOrEqual(0);
  });

  it('each field the summary links to shows the same error under it, named by aria-describedby', async () => {
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Legal first name/), 'Ann3');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const links = within(await screen.findByRole('alert')).getAllByRole('link');
    expect(links).toHaveLength(3);
    for (const link of links) {
      const field = window.document.getElementById(link.getAttribute('href')!.slice(1))!;
      await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
      const described = field
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => window.document.getElementById(id));
      const error = described.find((element) => element?.classList.contains('field__error'));
      expect(error?.textContent).toBeTruthy();
      expect(link).toHaveTextContent(error!.textContent!);
    }
  });

  it('a valid submit sends the answers at their bound document paths', async () => {
    const api = fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Legal first name/), 'Ann');
    await user.type(screen.getByLabelText(/Legal last name/), 'Lee');
    await user.type(screen.getByLabelText(/Email address/), 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'PUT')).toBe(true));
    const put = api.calls.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe(`/api/v2/applications/${applicationId}`);
    expect(put.body).toEqual({
      applicant: { name: { firstName: 'Ann', lastName: 'Lee' }, email: { emailAddress: 'ann@example.com' } },
    });
  });
});

import { createDraftStore, draftKey } from '../../engine/state/drafts.ts';

describe('drafts that outlive a flow change', () => {
  it('an old draft keeps what still fits, drops the rest and tells the applicant', async () => {
    const oldSchema = { type: 'object', properties: { firstName: { type: 'string' }, nickname: { type: 'string' } } };
    createDraftStore(localStorage, draftKey(undefined, 'USD')).write(
      'applicant-info',
      { firstName: 'Zoe', nickname: 'Z' },
      oldSchema,
    );
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`);
    expect(await screen.findByLabelText(/Legal first name/)).toHaveValue('Zoe');
    expect(await screen.findByText(/This form has changed since your last visit/)).toBeInTheDocument();
    // The migrated draft is saved after the next frame, as every draft save of the engine.
    await waitFor(() => expect(localStorage.getItem(draftKey(undefined, 'USD'))).not.toContain('nickname'));
    expect(localStorage.getItem(draftKey(undefined, 'USD'))).toContain('Zoe');
  });
});

describe('a draft while the applicant types', () => {
  it('is saved after the frame, not in the keystroke, and at once when the page is left or hidden', async () => {
    localStorage.clear();
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`);
    const firstName = await screen.findByLabelText(/Legal first name/);
    const saved = () => localStorage.getItem(draftKey(undefined, 'USD')) ?? '';
    // Synchronous: no frame and no timer can run between the change and the checks.
    fireEvent.change(firstName, { target: { value: 'Ann' } });
    expect(saved()).not.toContain('Ann');
    window.dispatchEvent(new Event('pagehide'));
    expect(saved()).toContain('Ann');

    fireEvent.change(firstName, { target: { value: 'Anne' } });
    expect(saved()).not.toContain('Anne');
    const page = window.document;
    Object.defineProperty(page, 'visibilityState', { configurable: true, get: () => 'hidden' });
    try {
      page.dispatchEvent(new Event('visibilitychange'));
    } finally {
      delete (page as { visibilityState?: unknown }).visibilityState;
    }
    expect(saved()).toContain('Anne');

    // Left alone, the deferred save is written after the next frame.
    fireEvent.change(firstName, { target: { value: 'Annette' } });
    expect(saved()).not.toContain('Annette');
    await waitFor(() => expect(saved()).toContain('Annette'));
  });
});

describe('error summary and the keyboard', () => {
  it('takes focus after a refused submit, never while the applicant types the correction; the title says Error', async () => {
    fakeApi({ application: { id: applicationId } });
    await renderScreen(`/${applicationId}/applicant`);
    const user = userEvent.setup();
    await screen.findByLabelText(/Legal first name/);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(window.document.title).toMatch(/^Error: /);
    const first = screen.getByLabelText(/Legal first name/);
    await user.click(first);
    await user.keyboard('Ann');
    expect(first).toHaveFocus();
    expect(first).toHaveValue('Ann');
  });
});
