/**
 * Funnel analytics, the pure part: given what a form screen knows (its fields, which have answers, which fail
 * and with which message key), which funnel events to send at each moment. Never a value: only the screen id,
 * the field name, the message key and the segments of rules/funnel.json. No React, no DOM.
 */
import { getPath } from '../state/bind.ts';

/** rules/funnel.json as the engine reads it. */
export interface FunnelRules {
  screens: string[];
  events: {
    screenStarted: string;
    screenCompleted: string;
    screenAbandoned: string;
    fieldStarted: string;
    fieldCompleted: string;
    fieldError: string;
    fieldAbandoned: string;
  };
  segments: Record<string, string>;
}

/** One funnel event: its type and parameters (all strings, none of them an answer). */
export interface FunnelEvent {
  type: string;
  params: Record<string, string>;
}

/** A field's state when the screen is left or submitted: answered or not, and its first error's message key. */
export interface FieldState {
  answered: boolean;
  errorKey?: string;
}

/** Whether a value counts as an answer (an empty string, array or object does not). */
export function isAnswered(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.values(value as object).some(isAnswered);
  return true;
}

/** The segment parameters of a context (market, portal, ...); missing ones are left out. */
export function segmentsOf(rules: FunnelRules, context: object): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, path] of Object.entries(rules.segments)) {
    const value = getPath(context, path);
    if (typeof value === 'string' && value) result[name] = value;
  }
  return result;
}

/** Tracks one screen visit: call the methods as things happen; each returns the events to send. */
export class FunnelVisit {
  private readonly started = new Set<string>();
  private readonly errored = new Set<string>();
  private finished = false;

  constructor(
    private readonly rules: FunnelRules,
    private readonly screen: string,
    private readonly fields: string[],
    private readonly segments: Record<string, string>,
  ) {}

  /** Whether the screen is one rules/funnel.json lists. */
  get tracked(): boolean {
    return this.rules.screens.includes(this.screen);
  }

  private event(type: string, extra: Record<string, string> = {}): FunnelEvent {
    return { type, params: { screen: this.screen, ...extra, ...this.segments } };
  }

  /** The screen showed; fields already answered (from the document or a draft) do not count as started here. */
  show(initial: Record<string, unknown>): FunnelEvent[] {
    if (!this.tracked) return [];
    for (const field of this.fields) if (isAnswered(initial[field])) this.started.add(field);
    return [this.event(this.rules.events.screenStarted)];
  }

  /** The form data changed: fields answered for the first time start. */
  change(data: Record<string, unknown>): FunnelEvent[] {
    if (!this.tracked || this.finished) return [];
    const events: FunnelEvent[] = [];
    for (const field of this.fields) {
      if (!this.started.has(field) && isAnswered(data[field])) {
        this.started.add(field);
        events.push(this.event(this.rules.events.fieldStarted, { field }));
      }
    }
    return events;
  }

  /** A submit was tried: each field with an error sends it (its message key); none means the screen may complete. */
  submit(states: Record<string, FieldState>): FunnelEvent[] {
    if (!this.tracked || this.finished) return [];
    const events: FunnelEvent[] = [];
    for (const field of this.fields) {
      const key = states[field]?.errorKey;
      if (!key) continue;
      this.errored.add(field);
      events.push(this.event(this.rules.events.fieldError, { field, key }));
    }
    return events;
  }

  /**
   * The screen is left: completed (a valid submit moved the applicant on) or abandoned. Fields with a valid answer
   * complete; started or errored fields without one are abandoned. Happens once.
   */
  leave(states: Record<string, FieldState>, completed: boolean): FunnelEvent[] {
    if (!this.tracked || this.finished) return [];
    this.finished = true;
    const events: FunnelEvent[] = [];
    for (const field of this.fields) {
      const state = states[field] ?? { answered: false };
      if (state.answered && !state.errorKey) events.push(this.event(this.rules.events.fieldCompleted, { field }));
      else if (this.started.has(field) || this.errored.has(field))
        events.push(this.event(this.rules.events.fieldAbandoned, { field }));
    }
    events.push(this.event(completed ? this.rules.events.screenCompleted : this.rules.events.screenAbandoned));
    return events;
  }
}

/** The once-per-session identity of an event: type, screen, field and key (segments do not change in a session). */
export function eventIdentity(event: FunnelEvent): string {
  const { screen = '', field = '', key = '' } = event.params;
  return `${event.type}|${screen}|${field}|${key}`;
}
