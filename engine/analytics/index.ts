/**
 * Analytics (doc2 Analytics events): an event goes to the global data layer every time and to
 * POST /api/v2/analytics once per session per event type. The tracking context holds only the fields that
 * rules/analytics.json names (identifiers, portal, currency, flags...), never what the applicant typed. Pure
 * apart from the sinks passed in.
 */
import { getPath } from '../state/bind.ts';
import { writeSession } from '../state/session-store.ts';

export interface AnalyticsRules {
  dataLayer: string;
  context: Record<string, string>;
  intentAliases: Record<string, string>;
  aliasedFields: string[];
  /** The shell's own events outside any screen (doc2 §8: overlapping currency, incorrect URL). */
  events?: { currencyOverlapError?: string; incorrectUrl?: string };
}

export interface AnalyticsSinks {
  push(event: Record<string, unknown>): void;
  /** Posts the event. A promise of `false` means the API did not take it, so the type may be posted again. */
  post(body: { type: string; params: Record<string, unknown> }): unknown;
  /** Event types already posted in this session. */
  sent: { has(type: string): boolean; add(type: string): void; delete(type: string): void };
}

export function trackingContext(rules: AnalyticsRules, context: object): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [field, path] of Object.entries(rules.context)) {
    let value = getPath(context, path);
    if (value === undefined || value === null || value === '') continue;
    if (rules.aliasedFields.includes(field) && typeof value === 'string') value = rules.intentAliases[value] ?? value;
    result[field] = value;
  }
  // GPV fields (doc1 §3 Tracking context): the field was shown once the document holds an answer for it, even the
  // empty 'prefer not to share' one; it was provided when that answer has a value.
  const gpvPath = rules.context.GPVFieldValue;
  if (gpvPath) {
    const parent = getPath(context, gpvPath.split('.').slice(0, -1).join('.'));
    const last = gpvPath.split('.').pop() as string;
    result.GPVFieldShown = parent !== null && typeof parent === 'object' && last in parent;
    result.GPVProvided = result.GPVFieldValue !== undefined;
  }
  return result;
}

export function track(
  rules: AnalyticsRules,
  sinks: AnalyticsSinks,
  type: string,
  context: object,
  params: Record<string, string | number | boolean> = {},
): void {
  const event = { event: type, ...trackingContext(rules, context), ...params };
  sinks.push(event);
  if (!sinks.sent.has(type)) {
    sinks.sent.add(type);
    const { event: _type, ...rest } = event;
    // Marked at once, so two events of a type in a row post once; unmarked when the API did not take it (signed out,
    // offline), so the next event of the type posts instead of the session losing it.
    void Promise.resolve(sinks.post({ type, params: flatParams(rest) })).then((taken) => {
      if (taken === false) sinks.sent.delete(type);
    });
  }
}

/**
 * The parameters as POST /api/v2/analytics takes them (schemas/api/analytics-event.schema.json: flat, each a string,
 * number, boolean or null): a nested object's fields under dotted names (`flags: {multistep: true}` becomes
 * `flags.multistep: true`); anything else that is not a scalar is left out. The data layer keeps the nested shape.
 */
export function flatParams(
  params: Record<string, unknown>,
  prefix = '',
): Record<string, string | number | boolean | null> {
  const flat: Record<string, string | number | boolean | null> = {};
  for (const [name, value] of Object.entries(params)) {
    const key = `${prefix}${name}`;
    if (
      value === null ||
      typeof value === 'string' ||
      typeof value === 'boolean' ||
      (typeof value === 'number' && Number.isFinite(value))
    )
      flat[key] = value;
    else if (typeof value === 'object' && !Array.isArray(value))
      Object.assign(flat, flatParams(value as Record<string, unknown>, `${key}.`));
  }
  return flat;
}

/** The browser's sinks: the named global array, a fire-and-forget POST, and a per-session record in sessionStorage. */
export function browserSinks(rules: AnalyticsRules): AnalyticsSinks {
  const key = 'onboarding:analytics:sent';
  const read = (): string[] => {
    try {
      return JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
    } catch {
      return [];
    }
  };
  return {
    push: (event) => {
      // The data layer is a global array named by the rules (window.dataLayer for the tag manager).
      const existing: unknown = Reflect.get(window, rules.dataLayer);
      const layer: unknown[] = Array.isArray(existing) ? existing : [];
      if (layer !== existing) Reflect.set(window, rules.dataLayer, layer);
      layer.push(event);
    },
    post: (body) => {
      return fetch('/api/v2/analytics', {
        method: 'POST',
        headers: { 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
        credentials: 'same-origin',
        keepalive: true,
      }).then(
        (response) => response.ok,
        () => false,
      );
    },
    sent: {
      has: (type) => read().includes(type),
      add: (type) => {
        try {
          writeSession(key, [...read(), type]);
        } catch {
          /* analytics never blocks the applicant */
        }
      },
      delete: (type) => {
        try {
          writeSession(
            key,
            read().filter((sent) => sent !== type),
          );
        } catch {
          /* analytics never blocks the applicant */
        }
      },
    },
  };
}
