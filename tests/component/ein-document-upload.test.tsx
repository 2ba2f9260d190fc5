/**
 * The EIN_DOC step-up's document, uploaded (doc1 §4.2: a step-up that asks for a document; issue 25: the
 * document-upload widget on a product screen). The verification screen offers the upload besides the identity
 * provider's capture; the upload screen refuses a file of another type in the applicant's language and sends nothing;
 * a PDF is sent as a data URL to the EIN_DOC upload route; a file the API finds too large shows the same message the
 * browser gives for it (one message key, validation.document.tooLarge, in the browser and the API).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { applicationId, canadaEnvironment, fakeApi, renderScreen } from './render-screen.tsx';
import upload from '../../flows/signup/screens/verification-upload.json' with { type: 'json' };
import stepUps from '../../rules/step-ups.json' with { type: 'json' };
import formats from '../../rules/validation/formats.json' with { type: 'json' };
import validation from '../../locales/en-US/validation.json' with { type: 'json' };

const tooLarge = 'validation.document.tooLarge';
const catalogue = validation.messages as Record<string, string>;

const pending = {
  application: {
    id: applicationId,
    decision: 'APPROVED_PENDING',
    stepUpDetails: [{ type: 'EIN_DOC', status: 'REQUIRED' }],
  },
};
const answered = { application: { id: applicationId, decision: 'APPROVED_PENDING', stepUpDetails: [] } };
const route = `/api/v2/applications/${applicationId}/step-ups/verification-document`;

describe('EIN_DOC: the business document uploaded', () => {
  it('fr-CA: offered on the verification screen; a text file is refused in French and nothing is sent; a PDF is sent as a data URL', async () => {
    const api = fakeApi(pending, (method) => (method === 'POST' ? { status: 200, body: answered } : undefined));
    await renderScreen(`/${applicationId}/verification`, { environment: canadaEnvironment('fr-CA'), locale: 'fr-CA' });
    // The file chooser offers PDFs and images; a text file is chosen anyway (the `accept` list is only a hint).
    const user = userEvent.setup({ applyAccept: false });
    await user.click(await screen.findByRole('button', { name: 'Téléverser plutôt le document' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Téléversez un document d’entreprise' }),
    ).toBeInTheDocument();
    const input = screen.getByLabelText(/Document d’entreprise/);
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'application/pdf,image/jpeg,image/png');
    // The file control's words are the page's, in French, not the browser's English ("Choose File", "No file chosen").
    expect(screen.getByText('Choisir un fichier')).toHaveAttribute('for', input.id);
    expect(input).toHaveAccessibleDescription(/Aucun fichier choisi/);
    expect(screen.getByRole('main').textContent).not.toMatch(/Choose|No file/i);

    await user.upload(input, new File(['bonjour'], 'notes.txt', { type: 'text/plain' }));
    await screen.findByText('Fichier choisi : notes.txt');
    await user.click(screen.getByRole('button', { name: 'Envoyer le document' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choisissez un PDF ou une image (JPEG, PNG).');
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.upload(input, new File(['%PDF-1.4'], 'statuts.pdf', { type: 'application/pdf' }));
    await screen.findByText('Fichier choisi : statuts.pdf');
    await user.click(screen.getByRole('button', { name: 'Envoyer le document' }));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    const post = api.calls.find((call) => call.method === 'POST')!;
    expect(post.url).toBe(route);
    expect(post.body).toEqual({ document: `data:application/pdf;base64,${btoa('%PDF-1.4')}` });
  });

  it('one key for one problem: the screen refuses a file too large with the key the API uses, and the format with the other', () => {
    expect(upload.form.uiSchema.document['ui:messages'].maxLength).toBe(tooLarge);
    expect(upload.form.schema.properties.document.format).toBe('document');
    expect(formats.formats.document.steps.map((step: { key: string }) => step.key)).toEqual(['validation.document']);
    // The screen's limit is the API's size (rules/step-ups.json EIN_DOC answer.upload) as a data URL.
    const api = stepUps.kinds.EIN_DOC.answer.upload;
    expect(api.document.mediaTypes.map((type: string) => `data:${type};base64,`.length)).toSatisfy(
      (prefixes: number[]) =>
        prefixes.every(
          (prefix) => upload.form.schema.properties.document.maxLength >= prefix + (4 * api.document.maxBytes) / 3,
        ),
    );
  });

  it('en-US: a file the API finds too large shows the message the browser gives for it, on the field', async () => {
    fakeApi(pending, (method, url) =>
      method === 'POST' && url === route
        ? {
            status: 400,
            body: {
              error: 'VALIDATION_FAILED',
              message: 'Please fill or correct required fields.',
              // As the API answers (tests/api/step-up-kinds.test.ts): the browser's key, described from the catalogue.
              details: [{ field: '/document', key: 'validation.document.tooLarge', description: catalogue[tooLarge] }],
            },
          }
        : undefined,
    );
    await renderScreen(`/${applicationId}/verification/upload`);
    const user = userEvent.setup();
    const input = await screen.findByLabelText(/Business document/);
    await user.upload(input, new File(['%PDF-1.4'], 'letter.pdf', { type: 'application/pdf' }));
    await screen.findByText(/letter\.pdf/);
    await user.click(screen.getByRole('button', { name: 'Send document' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This file is too large. Choose a smaller file.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    // The summary's link leads to the field: the real input, hidden from sight behind our button, takes the focus.
    await user.click(within(alert).getByRole('link'));
    expect(input).toHaveFocus();
  });
});
