/**
 * GET /api/v2/services/{serviceId}, the 'gopay.' service lookup (doc2 §7 Other; the path is ours): each record of the
 * sandbox catalogue (server/sandbox/services/services.json) and only those; 404 accounts.errors.serviceUnknown
 * (localised) for an unknown id, 400 for a malformed one, 401 without a session; a bad catalogue stops the start.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readServices } from '../../server/sandbox/services/provider.ts';
import { startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

const fixture = JSON.parse(
  readFileSync(new URL('../../server/sandbox/services/services.json', import.meta.url), 'utf8'),
) as {
  services: Array<{ serviceId: string; serviceType: string; apiVersion: string; websiteId?: string }>;
};

describe('GET /api/v2/services/{serviceId}', () => {
  it('answers each record of the sandbox catalogue, with and without a website id', async () => {
    const cookie = await h.signUp();
    expect(
      fixture.services.some((s) => s.serviceType.startsWith('gopay.') && s.apiVersion === 'V2' && !s.websiteId),
    ).toBe(true);
    for (const service of fixture.services) {
      const res = await h.call('GET', `/api/v2/services/${service.serviceId}`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(service);
    }
    expect((await h.call('GET', '/api/v2/services/GOPAY.SITE-1001', cookie)).json()).toEqual({
      serviceId: 'gopay.site-1001',
      serviceType: 'gopay.website',
      apiVersion: 'V2',
      websiteId: 'my-shop',
    });
  });

  it('an id the catalogue does not have is 404 accounts.errors.serviceUnknown, in the caller’s language', async () => {
    const cookie = await h.signUp();
    const res = await h.call('GET', '/api/v2/services/gopay.nothing-here', cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({
      error: 'NOT_FOUND',
      details: [
        {
          field: '/params/serviceId',
          key: 'accounts.errors.serviceUnknown',
          description: 'We could not find this service.',
        },
      ],
    });
    const french = await h.call('GET', '/api/v2/services/gopay.nothing-here', cookie, undefined, {
      'accept-language': 'fr-CA',
    });
    expect(french.json().details[0].description).toBe('Nous n’avons pas trouvé ce service.');
  });

  it('400 for a malformed id (naming the parameter), 401 without a session', async () => {
    const cookie = await h.signUp();
    for (const bad of ['bad%20id', '.gopay', 'a'.repeat(65), 'gopay.%3Cscript%3E']) {
      const res = await h.call('GET', `/api/v2/services/${bad}`, cookie);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().details[0].field).toBe('/params/serviceId');
    }
    expect((await h.call('GET', '/api/v2/services/gopay.site-1001')).statusCode).toBe(401);
  });

  it('a catalogue with a bad record is refused when read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'services-'));
    const file = join(dir, 'services.json');
    writeFileSync(
      file,
      JSON.stringify({ services: [{ serviceId: 'gopay.x', serviceType: 'gopay.website', apiVersion: 'V3' }] }),
    );
    expect(() => readServices(file)).toThrow(/apiVersion must be V1 or V2/);
    writeFileSync(
      file,
      JSON.stringify({
        services: [
          { serviceId: 'gopay.x', serviceType: 't', apiVersion: 'V2' },
          { serviceId: 'GOPAY.X', serviceType: 't', apiVersion: 'V2' },
        ],
      }),
    );
    expect(() => readServices(file)).toThrow(/listed twice/);
  });
});
