/**
 * The online-store payments page (doc2 §9): the template's {%ID%} becomes the store id and, when a venture id is
 * known, the venture template is used with its {%VENTURE_ID%}; the application's context is appended as a query,
 * else applicationCompleted=true. Values are URL-encoded, so an id cannot change the address's shape. Pure.
 */
import type { ServiceRules } from './types.ts';

/** What the page address is made of. */
export interface StorePageInput {
  storeId: string;
  ventureId?: string | null;
  context?: string | null;
}

/** The payments page URL, or undefined without a store id. */
export function storePaymentsUrl(input: StorePageInput, page: ServiceRules['storePaymentsPage']): string | undefined {
  if (!input.storeId) return undefined;
  const template = input.ventureId ? page.ventureTemplate : page.template;
  const url = new URL(
    template
      .replaceAll('{%ID%}', encodeURIComponent(input.storeId))
      .replaceAll('{%VENTURE_ID%}', encodeURIComponent(input.ventureId ?? '')),
  );
  if (input.context) url.searchParams.set(page.contextParam, input.context);
  else url.searchParams.set(page.completedParam, 'true');
  return url.toString();
}
