/**
 * The server draws the application root only for a signed-in visitor the engine keeps there (doc1 §2.8,
 * server/http/root-routing.ts). Each case below says, from the spec, whether the visitor stays; the server must
 * agree, through the real configuration, session and accounts routes and the real routing table.
 */
import type { FastifyRequest } from 'fastify';
import { resolve } from 'node:path';
import { rootStays } from '../../server/http/root-routing.ts';
import { loadContent } from '../../scripts/content/load.ts';
import { rootRoutingOf } from '../../scripts/vite/preload-plugin.ts';
import { completeUs, startHarness, type Harness } from './harness.ts';

let h: Harness;
const root = rootRoutingOf(loadContent(resolve(import.meta.dirname, '../..')))!;

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h.close());

/** A page request for `address` with `cookies` on `host`, as the page route hands it to rootStays. */
function stays(address: string, cookies: string | undefined, host = 'localhost') {
  const [path, query] = address.split('?');
  const cookieJar = Object.fromEntries(
    (cookies ?? '')
      .split('; ')
      .filter(Boolean)
      .map((pair) => pair.split('=') as [string, string]),
  );
  const request = {
    headers: cookies ? { cookie: cookies } : {},
    cookies: cookieJar,
    hostname: host,
  } as unknown as FastifyRequest;
  return rootStays(h.app, root, request, {
    path,
    search: query ? `?${query}` : '',
    locale: 'en-US',
    catalogueLocales: ['en-US', 'en-CA', 'fr-CA'],
  });
}

async function withApplications(count: number): Promise<string> {
  const cookie = await h.signUp();
  for (let i = 0; i < count; i += 1) {
    const created = await h.call('POST', '/api/v2/applications', cookie, completeUs);
    expect(created.statusCode).toBe(201);
  }
  return cookie;
}

describe('whether the engine keeps a signed-in visitor on the application root', () => {
  it('keeps a visitor with no accounts on the root, also under a co-brand path and with a query', async () => {
    const cookie = await withApplications(0);
    expect(root.table).toBe('after-environment');
    expect(await stays('/', cookie)).toBe(true);
    expect(await stays('/?completed=true', cookie)).toBe(true);
    expect(await stays('/r/acme', cookie)).toBe(true);
  });

  it('moves a visitor with one account to its signup form, and one with several to the account list', async () => {
    expect(await stays('/', await withApplications(1))).toBe(false);
    expect(await stays('/', await withApplications(2))).toBe(false);
  });

  it('keeps any visitor on the root in create-business mode, on the terminal portal and in Canada without master-MID', async () => {
    const cookie = await withApplications(2);
    expect(await stays('/?createBusiness=true', cookie)).toBe(true);
    expect(await stays('/', cookie, 'pay.terminal.localhost')).toBe(true);
    expect(await stays('/?currency=CAD', cookie)).toBe(true);
    expect(await stays('/', `${cookie}; currency=CAD`)).toBe(true);
    expect(await stays('/?currency=USD', `${cookie}; currency=CAD`)).toBe(false);
  });

  it('says "does not stay" without a live session, for another address, or when the configuration is refused', async () => {
    const cookie = await withApplications(0);
    expect(await stays('/', undefined)).toBe(false);
    expect(await stays('/', 'onb_session=not-a-session')).toBe(false);
    expect(await stays('/get-started', cookie)).toBe(false);
    // A currency no market has: GET /api/v2/configs answers 400 (the engine shows the unsupported-market page).
    expect(await stays('/?currency=EUR', cookie)).toBe(false);
  });
});
