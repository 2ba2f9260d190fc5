/**
 * Funnel analytics for form screens (rules/funnel.json): a hook a form screen calls once. It sends started,
 * completed, error (by message key) and abandoned events for the screen and each field, computed by
 * funnel-core.ts from what the form holds, never what the applicant typed. Submits are seen through the form
 * element's own submit event; leaving is the screen unmounting or the page being hidden.
 */
import { useEffect, useEffectEvent, useRef } from 'react';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import funnelRules from 'virtual:content-part/funnel';
import { useEngine } from '../app/engine-context.tsx';
import { afterNextFrame } from '../app/after-next-frame.ts';
import type { Screen } from '../content/types.ts';
import { fieldOf, localiseErrors } from '../form/validator.ts';
import type { FormatRule } from '../validation/compile.ts';
import { browserSinks, type AnalyticsRules, type AnalyticsSinks } from './index.ts';
import {
  eventIdentity,
  FunnelVisit,
  isAnswered,
  segmentsOf,
  type FieldState,
  type FunnelEvent,
  type FunnelRules,
} from './funnel-core.ts';

export {
  FunnelVisit,
  isAnswered,
  segmentsOf,
  eventIdentity,
  type FieldState,
  type FunnelEvent,
  type FunnelRules,
} from './funnel-core.ts';

let testSinks: AnalyticsSinks | undefined;
/** Tests: where funnel events go instead of the browser's data layer and the API. */
export function setFunnelSinks(sinks: AnalyticsSinks | undefined): void {
  testSinks = sinks;
}

/** Sends events: every one to the data layer, each distinct one (type, screen, field, key) once per session to the API. */
export function sendFunnelEvents(events: FunnelEvent[], sinks: AnalyticsSinks): void {
  for (const event of events) {
    sinks.push({ event: event.type, ...event.params });
    const identity = eventIdentity(event);
    if (sinks.sent.has(identity)) continue;
    sinks.sent.add(identity);
    sinks.post({ type: event.type, params: event.params });
  }
}

/** Each field's state: answered or not, and the message key of its first error (keys, not texts: t is the identity). */
export function fieldStates(
  data: Record<string, unknown>,
  schema: RJSFSchema,
  uiSchema: Record<string, unknown>,
  validator: ValidatorType,
  fields: string[],
  formatRules: Record<string, FormatRule> = {},
): Record<string, FieldState> {
  const { errors } = validator.validateFormData(data, schema, undefined, undefined, uiSchema as UiSchema);
  const keyed = localiseErrors(errors, data, uiSchema, (key) => key, fields, undefined, formatRules);
  const states: Record<string, FieldState> = {};
  for (const field of fields) states[field] = { answered: isAnswered(data[field]) };
  for (const error of keyed) {
    const field = fieldOf(error).split('.')[0]!;
    if (states[field] && !states[field].errorKey && error.message) states[field].errorKey = error.message;
  }
  return states;
}

/** Funnel events of one form screen visit; a no-op for screens rules/funnel.json does not list. */
export function useFormFunnel(
  screen: Screen,
  context: object,
  formData: Record<string, unknown>,
  formId: string,
  validator: ValidatorType,
  fields: string[],
  /** The rules of the formats the screen's validators name (the error keys its events carry). */
  formatRules: Record<string, FormatRule> = {},
): void {
  const engine = useEngine();
  // The rules come with this code (virtual:content-part/funnel), not in the start bundle; a test's bundle may name its own.
  const rules = (engine.bundle as { funnel?: FunnelRules }).funnel ?? (funnelRules as FunnelRules | null) ?? undefined;
  const schema = screen.form?.schema as RJSFSchema;
  const uiSchema = (screen.form?.uiSchema ?? {}) as Record<string, unknown>;
  const data = useRef(formData);
  data.current = formData;
  const visit = useRef<FunnelVisit | null>(null);
  const flush = useRef<(() => void) | undefined>(undefined);
  const tracked = Boolean(rules?.screens.includes(screen.id));
  // Fields the applicant never answers (hidden, or a constant such as an id type) are not part of the funnel.
  const properties = (schema?.properties ?? {}) as Record<string, { const?: unknown }>;
  const answerable = fields.filter(
    (field) =>
      (uiSchema[field] as { 'ui:widget'?: string } | undefined)?.['ui:widget'] !== 'hidden' &&
      properties[field]?.const === undefined,
  );

  // One visit per screen: it starts when the screen (or its form) does, with the rules, context and fields of that
  // render, and nothing else restarts it; the form data is read through a ref when events happen.
  const startVisit = useEffectEvent((isTracked: boolean, screenId: string, formElementId: string) => {
    if (!rules || !isTracked) return undefined;
    const sinks = testSinks ?? engine.analyticsSinks ?? browserSinks(engine.bundle.analytics as AnalyticsRules);
    const current = new FunnelVisit(rules, screenId, answerable, segmentsOf(rules, context));
    visit.current = current;
    let validSubmit = false;
    const statesOf = (snapshot: Record<string, unknown>) =>
      fieldStates(snapshot, schema, uiSchema, validator, answerable, formatRules);
    sendFunnelEvents(current.show(data.current), sinks);
    const form = document.getElementById(formElementId);
    // A submit's events are worked out and sent after the next frame, so the applicant sees the error summary first:
    // from the answers as they were at the submit, and before any later event of the visit (flushPending).
    const pending: Array<() => void> = [];
    const flushPending = () => {
      while (pending.length) pending.shift()!();
    };
    const onSubmit = () => {
      const snapshot = data.current;
      pending.push(() => {
        const events = current.submit(statesOf(snapshot));
        validSubmit = events.length === 0;
        sendFunnelEvents(events, sinks);
      });
      afterNextFrame(flushPending);
    };
    flush.current = flushPending;
    const onHide = () => {
      flushPending();
      sendFunnelEvents(current.leave(statesOf(data.current), false), sinks);
    };
    form?.addEventListener('submit', onSubmit, true);
    window.addEventListener('pagehide', onHide);
    return () => {
      form?.removeEventListener('submit', onSubmit, true);
      window.removeEventListener('pagehide', onHide);
      flushPending();
      sendFunnelEvents(current.leave(statesOf(data.current), validSubmit), sinks);
      visit.current = null;
      flush.current = undefined;
    };
  });
  useEffect(() => startVisit(tracked, screen.id, formId), [tracked, screen.id, formId]);

  useEffect(() => {
    if (!visit.current) return;
    flush.current?.();
    sendFunnelEvents(
      visit.current.change(formData),
      testSinks ?? engine.analyticsSinks ?? browserSinks(engine.bundle.analytics as AnalyticsRules),
    );
  }, [formData, engine.analyticsSinks, engine.bundle.analytics]);
}
