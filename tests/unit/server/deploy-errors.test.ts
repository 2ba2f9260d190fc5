import { mkdtempSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorFile, render503 } from '../../../scripts/deploy/errors.ts';
import { Catalogues, locales } from '../../../server/i18n/index.ts';

/** Issue 23: HAProxy's own 503 is the API's 503 (TEMPORARILY_UNAVAILABLE) with its message from locales/. */
describe('the balancer answer deploy/errors/503.http', () => {
  const committed = readFileSync(errorFile, 'utf8');
  const [head, body] = committed.split('\r\n\r\n') as [string, string];

  it('is what the locales give (run npm run deploy:errors after changing the message)', () => {
    expect(committed).toBe(render503());
  });

  it('is a 503 with Retry-After and the API error shape, its message in every locale, its length exact', () => {
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 503 Service Unavailable');
    expect(head).toMatch(/\r\nRetry-After: [1-9]\d*(\r\n|$)/);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
    const parsed = JSON.parse(body) as { error: string; message: string; details: unknown[] };
    expect(parsed.error).toBe('TEMPORARILY_UNAVAILABLE');
    expect(parsed.details).toEqual([]);
    const catalogues = new Catalogues('locales');
    for (const locale of locales)
      expect(parsed.message).toContain(catalogues.for(locale).t('errors.temporarilyUnavailable'));
  });

  it('changes when the locale text changes', () => {
    const copy = mkdtempSync(join(tmpdir(), 'deploy-errors-'));
    cpSync('locales', join(copy, 'locales'), { recursive: true });
    const file = join(copy, 'locales/fr-CA/errors.json');
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as { messages: Record<string, string> };
    catalogue.messages['errors.temporarilyUnavailable'] = 'Revenez bientôt.';
    writeFileSync(file, JSON.stringify(catalogue));
    const changed = render503(copy);
    expect(changed).not.toBe(committed);
    expect(changed).toContain('Revenez bientôt.');
  });
});
