/**
 * The screens' rules that depend on other answers, as the API enforces them (issue 25, "same verdict"): every form
 * screen that saves its answers to the application document (a call PUT /api/v2/applications/{applicationId} whose body
 * is the bound `changes`) and whose form schema, in any variant, has a conditional part (domain/conditional-rules.ts).
 * For a document, each such screen is resolved as the engine resolves it (its variants over the document, the market
 * and each portal) and its conditional parts are rewritten over the document; the API then holds the saved document to
 * them (server/routes/document-checks.ts). A rule that cannot be rewritten is refused by `npm run check:content`.
 */
import { possibleFormSchemas, resolveScreen } from '../../engine/content/resolve.ts';
import type { CallCatalogue, Screen } from '../../engine/content/types.ts';
import { variablesOf, type Condition } from '../../engine/conditions/index.ts';
import { conditionalParts, documentRule, type DocumentRule } from '../../domain/conditional-rules.ts';

/** The route the document-saving calls take (server/routes/applications.ts). */
export const DOCUMENT_ROUTE = { method: 'PUT', path: '/api/v2/applications/{applicationId}' } as const;

/** What the API needs of the content to enforce the screens' conditional rules. */
export interface ScreenRules {
  /** The document-saving form screens with a conditional part in some variant. */
  screens: Screen[];
  /** The contexts a screen is resolved in besides the document: per market, its currency; the portals. */
  markets: Record<string, { currency: string; locales?: string[] }>;
  portals: string[];
  flags: Record<string, unknown>;
}

/** Every `{"var": name}` a call's body reads, at any depth (a body may be an object of templates). */
function bodyVariables(body: unknown): string[] {
  if (Array.isArray(body)) return body.flatMap(bodyVariables);
  if (body === null || typeof body !== 'object') return [];
  return [...variablesOf(body as Condition), ...Object.values(body).flatMap(bodyVariables)];
}

/** Whether a screen saves its answers to the application document (one of its calls sends `changes` there). */
export function savesToDocument(screen: Screen, calls: CallCatalogue): boolean {
  return (screen.actions ?? []).some((action) => {
    const call = calls[action.call];
    return (
      call !== undefined &&
      call.method === DOCUMENT_ROUTE.method &&
      call.path === DOCUMENT_ROUTE.path &&
      call.body !== undefined &&
      bodyVariables(call.body).some((name) => /^changes(\.|$)/.test(name))
    );
  });
}

/** The screens of a content bundle whose conditional rules the API enforces. */
export function screensWithRules(screens: Screen[], calls: CallCatalogue): Screen[] {
  return screens.filter(
    (screen) =>
      screen.kind === 'form' &&
      savesToDocument(screen, calls) &&
      possibleFormSchemas(screen).some((schema) => conditionalParts(schema).length > 0),
  );
}

/**
 * The rules a document is held to: each screen's conditional parts, the screen resolved over the document in its
 * market and each portal (distinct rules once). A part that cannot be rewritten is left out here: the content check
 * refuses it.
 */
export function rulesFor(source: ScreenRules, document: object, market: string): DocumentRule[] {
  const settings = source.markets[market];
  const seen = new Map<string, DocumentRule>();
  for (const base of source.screens) {
    for (const portal of source.portals) {
      const environment = { market, currency: settings?.currency, portal, locale: settings?.locales?.[0] };
      const screen = resolveScreen(base, { ...document, environment, flags: source.flags });
      const bind = (screen.form?.bind ?? {}) as Record<string, string>;
      for (const { part } of conditionalParts(screen.form?.schema)) {
        const { rule } = documentRule(part, bind);
        if (rule) seen.set(JSON.stringify(rule.schema), rule);
      }
    }
  }
  return [...seen.values()];
}
