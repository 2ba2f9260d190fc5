/**
 * A form screen: one rjsf Form with our theme and the precompiled validator of the screen's schema. The form is
 * filled from the document at the bound paths, then from the local draft (sensitive fields never stored); every
 * error is a localised message key; the API's field errors land on their fields; one primary button.
 */
import { useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Form from '@rjsf/core';
import {
  validationDataMerge,
  type ErrorSchema,
  type RJSFSchema,
  type UiSchema,
  type RJSFValidationError,
  type RegistryWidgetsType,
} from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';
import type { Translator } from '../i18n/translator.ts';
import type { ApiFailure } from '../calls/errors.ts';
import { useEngine } from '../app/engine-context.tsx';
import { templates, widgets } from '../form/theme.tsx';
import {
  ErrorSummaryStore,
  FormLeadProvider,
  SplitSubmitForm,
  SubmitSplitProvider,
  type SubmitSplit,
} from '../form/error-summary.tsx';
import { validatorFor, localiseErrors } from '../form/validator.ts';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { FormatRule } from '../validation/compile.ts';
import { localiseUiSchema } from '../form/localise-ui.ts';
import { fieldNames, ownRequiredKey, requiredMessageKey } from '../content/required-fields.ts';
import { formDataFrom, refillFromDocument, type Bindings } from '../state/bind.ts';
import { displayForm } from '../form/normalize.ts';
import { sensitiveFields, withoutSensitive } from '../state/privacy.ts';
import { draftStoreOf } from '../state/drafts.ts';
import type { ScreenProps } from './registry.ts';
import { ScreenFrame } from './screen-frame.tsx';
import { optionsOf, type KindOptions } from './kind-options.ts';
import { Icon } from '../shell/icon.tsx';
import { FormActions } from './secondary-actions.tsx';
import { useFormFunnel } from '../analytics/use-form-funnel.ts';

/** The loader of the widgets of their own chunk a form names (the form kind of engine/screens/registry.ts calls it). */
export { loadScreenWidgets } from '../form/screen-widgets.ts';

/**
 * The API names fields by document pointer (`/applicant/name/firstName`); the form by field name. A value the API
 * finds missing (`validation.required`) shows the field's own message, as the browser's own check would (issue 22
 * item 11): the API knows documents, not screens, so it answers the generic key.
 */
function fieldErrorsFromApi(
  fields: Array<{ field: string; key?: string; description?: string }>,
  bind: Bindings,
  ownRequired: (field: string) => string | undefined,
): ErrorSchema {
  const byPath = new Map(Object.entries(bind).map(([field, path]) => [`/${(path ?? '').replace(/\./g, '/')}`, field]));
  const errors: Record<string, { __errors: string[] }> = {};
  for (const item of fields) {
    const field = byPath.get(item.field);
    if (!field) continue;
    const text = (item.key === 'validation.required' ? ownRequired(field) : undefined) ?? item.description;
    if (text) errors[field] = { __errors: [text] };
  }
  return errors as ErrorSchema;
}

/**
 * Every form step has a way back (issue 22 item 10): the browser's previous page, shown once this visit has one inside
 * the app (a first page, typed or opened from a link, has nowhere of ours to go back to).
 */
function BackLink() {
  const { t } = useI18n();
  const navigate = useNavigate();
  const { key } = useLocation();
  if (key === 'default') return null;
  return (
    <p className="back-link">
      <a
        href=".."
        className="button button--link"
        onClick={(event) => {
          event.preventDefault();
          navigate(-1);
        }}
      >
        {t('shell.back')}
      </a>
    </p>
  );
}

/**
 * The error summary's heading for a submit the API refused: the refusal named by the answer's error code
 * (`form.errorSummary.refused.<CODE>`, "Your card was declined"), or by the message key of a field it refused
 * (`form.errorSummary.refused.<message key>`, "That code doesn't match"), else the refusal in general; never "fill or
 * correct required fields" for something the applicant did not leave out (issue 22 defect 11).
 */
function refusalTitle(failure: ApiFailure, { t, has }: Pick<Translator, 't' | 'has'>): string {
  const code = (failure.body as { error?: unknown } | null)?.error;
  const key = `form.errorSummary.refused.${String(code)}`;
  if (typeof code === 'string' && has(key)) return t(key);
  // A refusal the answer names field by field (a wrong code): the heading of its message, when it has one.
  const named = failure.fields
    .map((field) => (field.key ? `form.errorSummary.refused.${field.key}` : ''))
    .find((title) => title && has(title));
  return named ? t(named) : t('form.errorSummary.refused');
}

/** `options.links`: links under the intro, before the form (the privacy policy beside the terms). */
function FormLinks({ links }: { links: KindOptions<'form'>['links'] }) {
  const { t } = useI18n();
  if (!links?.length) return null;
  return (
    <ul className="screen__links">
      {links.map((link) => (
        <li key={link.href}>
          {link.href.startsWith('/') ? (
            <a href={link.href}>{t(link.labelKey)}</a>
          ) : (
            <a href={link.href} target="_blank" rel="noopener noreferrer">
              {t(link.labelKey)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** A form screen's props: the screen's own precompiled validators (engine/form/screen-validators.ts) with the kind's. */
export function FormScreen({
  screen,
  context,
  submit,
  busy,
  headingRef,
  secondary,
  runSecondary,
  validators,
  formatRules,
  widgets: ownWidgets,
}: ScreenProps & {
  validators: ValidatorFunctions;
  /** The rules of the formats the validators name, for the error messages (they come with the validators). */
  formatRules: Record<string, FormatRule>;
  /** The widgets of their own chunk this screen names (engine/form/widget-names.ts), loaded beside the form. */
  widgets?: RegistryWidgetsType;
}) {
  const i18n = useI18n();
  const { t } = i18n;
  const engine = useEngine();
  const form = screen.form!;
  // A sensitive screen's short "why we ask" and its security note (content: options.whyWeAskKey, securityNoteKey).
  const notes = optionsOf(screen, 'form');
  const schema = form.schema as RJSFSchema;
  const bind = form.bind ?? {};
  const sensitive = useMemo(() => sensitiveFields(schema as never, form.uiSchema as never), [schema, form.uiSchema]);
  const fromDocument = useMemo(
    () => displayForm(formDataFrom(context, form.bind ?? {}), (form.uiSchema ?? {}) as Record<string, unknown>),
    [context, form.bind, form.uiSchema],
  );
  const documentKey = JSON.stringify(fromDocument);
  const [formData, setFormData] = useState<Record<string, unknown>>(() => ({
    ...fromDocument,
    ...withoutSensitive(draftStoreOf(engine.drafts).read(screen.id, schema) ?? {}, sensitive),
  }));
  // Issue 27.10: a form drawn before the document's read (or while it changes) takes the saved values when they come,
  // except where the person already answered (adjusting state while rendering, so no empty form is ever painted).
  const [shown, setShown] = useState({ key: documentKey, data: fromDocument });
  if (shown.key !== documentKey) {
    setShown({ key: documentKey, data: fromDocument });
    setFormData((current) => refillFromDocument(current, shown.data, fromDocument));
  }
  const [submitted, setSubmitted] = useState(false);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const formRef = useRef<Form>(null);
  const uiSchema = useMemo(
    () =>
      localiseUiSchema(
        schema as never,
        (form.uiSchema ?? {}) as Record<string, unknown>,
        screen.messages,
        t,
      ) as UiSchema,
    [schema, form.uiSchema, screen.messages, t],
  );
  const fieldOrder = useMemo(() => {
    const declared = ((form.uiSchema ?? {}) as { 'ui:order'?: string[] })['ui:order'] ?? [];
    const all = Object.keys((schema.properties ?? {}) as object);
    return [...declared.filter((name) => name !== '*'), ...all.filter((name) => !declared.includes(name))];
  }, [form.uiSchema, schema]);
  const validator = useMemo(() => validatorFor(validators, schema), [validators, schema]);
  const registryWidgets = useMemo(() => ({ ...widgets, ...ownWidgets }), [ownWidgets]);
  const formId = `form-${screen.id}`;
  // One object while the document stays the same, so rjsf compares it by reference on every keystroke.
  const formContext = useMemo(() => ({ data: context.data }), [context.data]);
  useFormFunnel(screen, context, formData, formId, validator, fieldOrder, formatRules); // funnel events (rules/funnel.json)
  // A refused submit shows the error summary in a commit of its own and re-renders the form with its inline errors
  // in a transition right after (engine/form/error-summary.tsx); both read the form's own validation.
  const split = useMemo<SubmitSplit>(
    () => ({
      summary: new ErrorSummaryStore(),
      validate: () => {
        const rjsf = formRef.current;
        if (!rjsf) return undefined;
        const { formData: data, schema: current, uiSchema: ui } = rjsf.state;
        const validation = rjsf.validate(data, current);
        // As rjsf's submit: the schema's errors refuse it, the API's field errors (extraErrors) show with them.
        const { extraErrors: extra } = rjsf.props;
        const errors =
          validation.errors.length && extra ? validationDataMerge(validation, extra).errors : validation.errors;
        return { errors, uiSchema: ui };
      },
      onRefused: () => setSubmitted(true),
      pending: new Map(),
    }),
    [],
  );

  // The links and the "why we ask" come after the error summary, inside the form (error-summary.tsx FormLeadProvider).
  const lead = (
    <>
      <FormLinks links={optionsOf(screen, 'form').links} />
      {notes.whyWeAskKey ? (
        // GOV.UK's details pattern: the reason is there for whoever wants it, without pushing the form down.
        <details className="why-we-ask">
          <summary>
            <Icon name="help" />
            {t('shell.whyWeAsk')}
          </summary>
          <p>{t(notes.whyWeAskKey)}</p>
        </details>
      ) : null}
    </>
  );

  return (
    <ScreenFrame screen={screen} headingRef={headingRef} context={context}>
      <SubmitSplitProvider value={split}>
        <FormLeadProvider value={lead}>
          <Form
            ref={formRef}
            tagName={SplitSubmitForm}
            id={formId}
            className="form"
            schema={schema}
            uiSchema={uiSchema}
            formData={formData}
            validator={validator}
            templates={templates}
            widgets={registryWidgets}
            formContext={formContext}
            noHtml5Validate
            showErrorList="top"
            liveValidate={submitted ? 'onChange' : false}
            extraErrors={extraErrors}
            transformErrors={(errors: RJSFValidationError[]) =>
              localiseErrors(
                errors,
                formData,
                (form.uiSchema ?? {}) as Record<string, unknown>,
                t,
                fieldOrder,
                (field) => {
                  const key = requiredMessageKey(screen.messages, fieldNames(field));
                  return i18n.has(key) ? key : undefined;
                },
                formatRules,
              )
            }
            onChange={({ formData: next }) => {
              const data = (next ?? {}) as Record<string, unknown>;
              setFormData(data);
              setExtraErrors(undefined);
              draftStoreOf(engine.drafts).write(screen.id, withoutSensitive(data, sensitive), schema);
            }}
            onError={() => setSubmitted(true)}
            onSubmit={async ({ formData: data }) => {
              setSubmitted(true);
              const result = await submit((data ?? {}) as Record<string, unknown>);
              if (result.failure?.fields.length) {
                split.summary.refusal(refusalTitle(result.failure, i18n));
                setExtraErrors(
                  fieldErrorsFromApi(result.failure.fields, bind, (field) => {
                    const own = ownRequiredKey(screen.messages, form.uiSchema, field);
                    return own.declared || i18n.has(own.key) ? t(own.key) : undefined;
                  }),
                );
                split.summary.focusNext();
              }
            }}
          >
            {notes.securityNoteKey ? (
              <p className="security-note">
                <Icon name="lock" />
                {t(notes.securityNoteKey)}
              </p>
            ) : null}
            <FormActions screen={screen} busy={busy} secondary={secondary} runSecondary={runSecondary} />
          </Form>
        </FormLeadProvider>
        <BackLink />
      </SubmitSplitProvider>
    </ScreenFrame>
  );
}
