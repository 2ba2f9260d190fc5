/**
 * The address boot reads the configuration from (doc2 §7: `/api/v2/configs[/{referralUrlId}]`, with the currency):
 * the co-brand's referral id from an `/r/{id}` path, and the currency the query names, else the currency cookie.
 * The server computes the same address for the page's `<link rel="preload">` (server/static-front-end.ts), so the
 * browser starts the read while the scripts download and boot's fetch reuses it.
 */
import { referralFromPath } from '../environment/detect.ts';

export function configUrl(
  pathname: string,
  currencyQuery: string | null | undefined,
  currencyCookie: string | null | undefined,
): string {
  let referralUrlId: string | undefined;
  try {
    referralUrlId = referralFromPath(pathname);
  } catch {
    referralUrlId = undefined;
  }
  const currency = currencyQuery ?? currencyCookie ?? undefined;
  const path = referralUrlId ? `/api/v2/configs/${encodeURIComponent(referralUrlId)}` : '/api/v2/configs';
  return `${path}${currency ? `?currency=${encodeURIComponent(currency)}` : ''}`;
}
