/**
 * The document-upload widget (issue 25: "today `format: "data-url"` renders a file input whose every submit fails with
 * a raw key"): the file is read as a data URL and becomes the field's value, its name is shown in the applicant's
 * language, and the schema's verdict on a wrong type or a file too large is a localised message, not a raw key.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { wholeLoaders as loaders } from 'virtual:catalogues';
import type { WidgetProps } from '@rjsf/utils';
import { DocumentWidget } from '../../engine/form/document-widget.tsx';
import { loadWidgets } from '../../engine/form/screen-widgets.ts';
import { widgetNames } from '../../engine/form/widget-names.ts';
import { I18nProvider } from '../../engine/i18n/context.tsx';
import { createTranslator } from '../../engine/i18n/translator.ts';
import { formats, reasonForError } from '../../engine/validation/index.ts';

async function renderWidget(locale: string, onChange: (value: unknown) => void) {
  const translator = createTranslator(locale, (await loaders[locale]()).default, undefined);
  const props = {
    id: 'root_document',
    name: 'document',
    value: undefined,
    onChange,
    onBlur: () => {},
    onFocus: () => {},
    options: { accept: 'application/pdf,image/png,image/jpeg' },
    schema: { type: 'string', format: 'document' },
    label: 'Document',
    required: true,
    rawErrors: [],
  } as unknown as WidgetProps;
  render(
    <I18nProvider translator={translator}>
      <label htmlFor="root_document">Document</label>
      <DocumentWidget {...props} />
    </I18nProvider>,
  );
  return translator;
}

/** The browser's verdict on a value of a document field of at most `maxLength` characters, as a message. */
function verdict(value: string, maxLength: number, t: (key: string) => string): string | undefined {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  for (const [name, definition] of Object.entries(formats)) ajv.addFormat(name, definition);
  const validate = ajv.compile({ type: 'string', format: 'document', maxLength });
  if (validate(value)) return undefined;
  const reason = reasonForError(validate.errors![0], value, { maxLength: 'validation.document.tooLarge' });
  return t(reason.key);
}

describe('the document-upload widget', () => {
  it('is the widget rjsf uses for a data-url field or ui:widget "file"', async () => {
    expect(widgetNames({ form: { uiSchema: { document: { 'ui:widget': 'file' } } } })).toEqual(['file']);
    expect(widgetNames({ form: { schema: { properties: { scan: { type: 'string', format: 'data-url' } } } } })).toEqual(
      ['file'],
    );
    expect((await loadWidgets(['file'])).FileWidget).toBe(DocumentWidget);
  });

  it('reads the chosen file as a data URL, the value the form sends, and names it in French', async () => {
    const values: unknown[] = [];
    await renderWidget('fr-CA', (value) => values.push(value));
    const input = screen.getByLabelText('Document');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'application/pdf,image/png,image/jpeg');
    await userEvent.upload(input, new File(['%PDF-1.4'], 'relevé.pdf', { type: 'application/pdf' }));
    await screen.findByText('Fichier choisi : relevé.pdf');
    expect(values.at(-1)).toBe(`data:application/pdf;base64,${btoa('%PDF-1.4')}`);
  });

  it("fr-CA: the control speaks French, not the browser's English; the real input keeps its label and the focus", async () => {
    await renderWidget('fr-CA', () => {});
    const input = screen.getByLabelText('Document');
    // The browser's own words ("Choose File", "No file chosen") would be English on a French page: ours stand in.
    expect(input).toHaveClass('visually-hidden');
    const choose = screen.getByText('Choisir un fichier');
    expect(choose.tagName).toBe('LABEL');
    expect(choose).toHaveAttribute('for', input.id);
    expect(screen.getByText('Aucun fichier choisi')).toBeInTheDocument();
    expect(input).toHaveAccessibleName('Document Choisir un fichier');
    expect(input).toHaveAccessibleDescription('Aucun fichier choisi');
    expect(document.body.textContent).not.toMatch(/Choose|No file|chosen/i);
    // Keyboard: the input itself takes the focus (the error summary's link focuses it too).
    await userEvent.tab();
    expect(input).toHaveFocus();
    await userEvent.upload(input, new File(['%PDF-1.4'], 'statuts.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText('Fichier choisi : statuts.pdf')).toBeInTheDocument();
    expect(input).toHaveAccessibleDescription('Fichier choisi\u00a0: statuts.pdf');
    expect(screen.queryByText('Aucun fichier choisi')).toBeNull();
  });

  it('gives a localised message, not a raw key, for a wrong type or a file too large; a PDF within the limit passes', async () => {
    const t = await renderWidget('en-US', () => {});
    const pdf = `data:application/pdf;base64,${btoa('%PDF-1.4')}`;
    expect(verdict(pdf, 1000, t.t)).toBeUndefined();
    expect(verdict(`data:text/plain;base64,${btoa('hello')}`, 1000, t.t)).toBe('Choose a PDF or an image (JPEG, PNG).');
    expect(verdict(pdf, 10, t.t)).toBe('This file is too large. Choose a smaller file.');
  });
});
