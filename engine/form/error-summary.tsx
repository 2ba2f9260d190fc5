/**
 * The error summary of a form screen (GOV.UK pattern): a heading, a link to each field, focus on it after each
 * refused submit, and the page title prefixed while it shows.
 *
 * It renders from a small store of its own rather than as part of rjsf's form state, so a refused submit shows it
 * in a commit of its own, at once: the form tag (`SplitSubmitForm`, rjsf's `tagName`) validates with the form's own
 * `validate` (the same validator and transformErrors rjsf's submit runs), puts the errors in the store, and hands
 * rjsf's submit to a transition, which re-renders every field with its inline error (aria-invalid,
 * aria-describedby) right after. rjsf's ErrorListTemplate (`ErrorListBridge`) renders nothing: it keeps the store
 * in step with the errors rjsf holds (live validation, the API's field errors, none), so the summary and the inline
 * errors always say the same.
 */
import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
  type FormHTMLAttributes,
  type SubmitEvent,
  type ReactNode,
  type Ref,
} from 'react';
import type { ErrorListProps, RJSFValidationError, UiSchema } from '@rjsf/utils';
import { useI18n } from '../i18n/context.tsx';
import { validationMeasure } from './validation-measure.ts';

interface SummaryState {
  errors: RJSFValidationError[];
  /** The heading when the API refused the submit (the refusal itself); the generic heading otherwise. */
  title?: string;
  uiSchema: UiSchema | undefined;
  /** Refused submits so far: the summary takes focus each time this grows. */
  attempts: number;
}

const sameErrors = (a: RJSFValidationError[], b: RJSFValidationError[]) =>
  a.length === b.length && a.every((error, i) => error.property === b[i]!.property && error.message === b[i]!.message);

/** What the summary shows; one per form screen. */
export class ErrorSummaryStore {
  private state: SummaryState = { errors: [], uiSchema: undefined, attempts: 0 };
  private listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot = (): SummaryState => this.state;

  /** The refused submit the summary last took focus for (kept here, so a summary that reappears while the applicant
   * types, through live validation, does not take focus again). */
  focused = 0;

  /** A refused submit: show `errors` and move focus to them. */
  refused(errors: RJSFValidationError[], uiSchema: UiSchema | undefined): void {
    this.set({ errors, uiSchema, attempts: this.state.attempts + 1, title: undefined });
  }

  /** A submit the API refused field by field: focus moves to the summary once rjsf shows those errors. */
  focusNext(): void {
    this.set({ ...this.state, attempts: this.state.attempts + 1 });
  }

  /** The errors rjsf holds now (none when it renders no error list). */
  sync(errors: RJSFValidationError[], uiSchema: UiSchema | undefined): void {
    if (sameErrors(errors, this.state.errors) && uiSchema === this.state.uiSchema) return;
    this.set({ ...this.state, errors, uiSchema });
  }

  /** The API refused the submit: the summary's heading says the refusal until the next refusal or a valid submit. */
  refusal(title: string | undefined): void {
    if (title !== this.state.title) this.set({ ...this.state, title });
  }

  private set(next: SummaryState): void {
    this.state = next;
    for (const listener of this.listeners) listener();
  }
}

/** How a form screen validates a submit before rjsf does: the summary's store and the form's own validation. */
export interface SubmitSplit {
  summary: ErrorSummaryStore;
  /** The errors a submit of the form as it stands would show (rjsf's `validate` with transformErrors and extraErrors). */
  validate(): { errors: RJSFValidationError[]; uiSchema: UiSchema | undefined } | undefined;
  /** Called in the transition that carries rjsf's submit after a refused one (the screen's own state for it). */
  onRefused?(): void;
  /**
   * Work a widget must finish before its value is the one to submit (a card typed but not yet tokenised), by field
   * id: a submit first runs it, then submits again with the value it gave, so one press of the button does it all.
   * Each resolves true when the value is now set, false when it failed (the widget shows why; nothing is submitted).
   */
  pending?: Map<string, () => Promise<boolean>>;
}

const SplitContext = createContext<SubmitSplit | undefined>(undefined);
export const SubmitSplitProvider = SplitContext.Provider;

const LeadContext = createContext<ReactNode>(null);
/**
 * What a form screen shows before its fields (its links, its "why we ask"): drawn inside the form after the error
 * summary, so the summary stays the first thing under the heading (GOV.UK's error summary pattern).
 */
export const FormLeadProvider = LeadContext.Provider;

/** The form's submit split, for a widget that registers pending work. */
export const useSubmitSplit = (): SubmitSplit | undefined => useContext(SplitContext);

/** A summary line names its field, so four 'This field is required.' lines still say which four fields. */
function summaryText(
  property: string | undefined,
  message: string | undefined,
  uiSchema: UiSchema | undefined,
  t: (key: string, args?: Record<string, string>) => string,
): string {
  const field = (property ?? '').replace(/^\./, '').split('.')[0];
  const label = ((uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>)[field]?.['ui:title'];
  return typeof label === 'string' && label
    ? t('form.errorSummary.item', { label, message: message ?? '' })
    : (message ?? '');
}

/**
 * The summary's heading for errors the form found itself: a refusal has a heading of its own (issue 22 defect 11: a
 * blocked category is refused, not "fill or correct required fields"): the first error whose message (the field's
 * `ui:messages` for the failed keyword) has a heading `form.errorSummary.refused.<message key>` gives it.
 */
export function refusalHeading(
  errors: readonly RJSFValidationError[],
  uiSchema: UiSchema | undefined,
  has: (key: string) => boolean,
): string | undefined {
  for (const error of errors) {
    const field = (error.property ?? '').replace(/^\./, '').split('.')[0];
    const messages = ((uiSchema ?? {}) as Record<string, Record<string, unknown> | undefined>)[field]?.['ui:messages'];
    const key = error.name ? (messages as Record<string, unknown> | undefined)?.[error.name] : undefined;
    if (typeof key === 'string' && has(`form.errorSummary.refused.${key}`)) return `form.errorSummary.refused.${key}`;
  }
  return undefined;
}

/** While an error summary shows, the page title says so (WCAG 3.3.1: announced on page load and in the tab). */
function useErrorPageTitle(): void {
  const { t } = useI18n();
  useEffect(() => {
    const original = document.title;
    document.title = t('form.errorSummary.pageTitle', { title: original });
    return () => {
      document.title = original;
    };
  }, [t]);
}

/**
 * The error summary's box, for a form and for a one-choice screen alike: a titled list of links to the fields with
 * errors (the caller's `<li>`s), announced as an alert, focusable, and prefixing the page title while it shows.
 */
export function ErrorSummaryBox({
  ref,
  titleId,
  title,
  children,
}: {
  ref: Ref<HTMLDivElement>;
  titleId: string;
  title?: string;
  children: ReactNode;
}) {
  const { t } = useI18n();
  useErrorPageTitle();
  return (
    <div className="error-summary" role="alert" tabIndex={-1} ref={ref} aria-labelledby={titleId}>
      <h2 className="error-summary__title" id={titleId}>
        {title ?? t('form.errorSummary.title')}
      </h2>
      <ul className="error-summary__list">{children}</ul>
    </div>
  );
}

function SummaryView({
  store,
  state: { errors, uiSchema, attempts, title },
}: {
  store: ErrorSummaryStore;
  state: SummaryState;
}) {
  const { t, has } = useI18n();
  const ref = useRef<HTMLDivElement>(null);
  const refusal = title === undefined ? refusalHeading(errors, uiSchema, has) : undefined;
  // Focus moves to the summary after each refused submit, never while the applicant types (live validation would
  // otherwise pull the cursor out of the field they are correcting).
  useEffect(() => {
    if (attempts > store.focused) {
      store.focused = attempts;
      ref.current?.focus();
    }
  }, [store, attempts]);
  return (
    <ErrorSummaryBox ref={ref} titleId="error-summary-title" title={title ?? (refusal ? t(refusal) : undefined)}>
      {errors.map((error, index) => {
        const field = `root_${(error.property ?? '').replace(/^\./, '').replace(/\./g, '_')}`;
        return (
          <li key={index}>
            <a
              href={`#${field}`}
              onClick={(event) => {
                event.preventDefault();
                const target = document.getElementById(field) ?? document.getElementById(`${field}-0`);
                const focusable = target?.matches('input,select,textarea')
                  ? target
                  : target?.querySelector<HTMLElement>('input,select,textarea');
                focusable?.focus();
              }}
            >
              {summaryText(error.property, error.message, uiSchema, t)}
            </a>
          </li>
        );
      })}
    </ErrorSummaryBox>
  );
}

/** The summary of the store, when it holds errors. */
export function ErrorSummary({ store }: { store: ErrorSummaryStore }) {
  const state = useSyncExternalStore(store.subscribe, store.snapshot, store.snapshot);
  return state.errors.length ? <SummaryView store={store} state={state} /> : null;
}

/** rjsf's ErrorListTemplate: renders nothing, keeps the summary's store in step with the errors rjsf holds. */
export function ErrorListBridge({ errors, uiSchema }: ErrorListProps) {
  const split = useContext(SplitContext);
  useLayoutEffect(() => {
    split?.summary.sync(errors, uiSchema);
  }, [split, errors, uiSchema]);
  // rjsf unmounts the list when it holds no errors.
  useLayoutEffect(() => () => split?.summary.sync([], undefined), [split]);
  return null;
}

type FormTagProps = FormHTMLAttributes<HTMLFormElement> & {
  ref?: Ref<HTMLFormElement>;
  as?: unknown;
  children?: ReactNode;
};

/**
 * rjsf's form tag (`tagName`): the summary first, then the screen's lead (`FormLeadProvider`), then rjsf's content. A submit the form's validation refuses shows
 * the summary at once and lets rjsf's own submit (its errors, the inline messages) follow in a transition; a valid
 * one goes to rjsf as it is.
 */
export function SplitSubmitForm({ ref, as: _as, onSubmit, children, ...rest }: FormTagProps) {
  const split = useContext(SplitContext);
  const lead = useContext(LeadContext);
  const handle = (event: SubmitEvent<HTMLFormElement>) => {
    const work = split?.pending && event.target === event.currentTarget ? [...split.pending.values()] : [];
    if (work.length) {
      // A widget's value is still on its way (a card being tokenised): finish it, then submit what it gave.
      event.preventDefault();
      const form = event.currentTarget;
      const submitter = event.nativeEvent.submitter;
      void Promise.all(work.map((finish) => finish())).then((done) => {
        // The widgets' onChange has to reach rjsf's state before its submit reads it.
        if (done.every(Boolean)) setTimeout(() => form.requestSubmit(submitter ?? undefined), 0);
      });
      return;
    }
    const started = performance.now();
    const checked = split && event.target === event.currentTarget ? split.validate() : undefined;
    // User Timing: the validation alone, shown in a browser's performance panel and read by `npm run bench`.
    if (checked) performance.measure(validationMeasure, { start: started });
    if (!split || !checked || checked.errors.length === 0) {
      onSubmit?.(event);
      return;
    }
    event.preventDefault();
    split.summary.refused(checked.errors, checked.uiSchema);
    startTransition(() => {
      split.onRefused?.();
      onSubmit?.(event);
    });
  };
  return (
    <form ref={ref} {...rest} onSubmit={handle}>
      {split ? <ErrorSummary store={split.summary} /> : null}
      {lead}
      {children}
    </form>
  );
}
