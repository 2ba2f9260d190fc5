import { findApplication } from '../../server/storage/applications.ts';
import { completeUs, formBody, startHarness, type Harness } from './harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());
beforeEach(async () => h.t.reset());

async function application() {
  const cookie = await h.signUp();
  const id = (await h.call('POST', '/api/v2/applications', cookie, completeUs)).json().application.id as string;
  return { id, cookie };
}

/** Gets a link token, plays the tester on the sandbox picker and answers where the picker sent the browser. */
async function pick(id: string, cookie: string, choice: string): Promise<URL> {
  const token = await h.call('GET', `/api/v2/applications/${id}/financial-instruments/plaid/token`, cookie);
  expect(token.statusCode).toBe(200);
  const page = await h.app.inject({ method: 'GET', url: token.json().url });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('First Sandbox Bank');
  const chosen = await h.app.inject({
    method: 'POST',
    url: '/sandbox/bank-link',
    ...formBody({ token: token.json().token, choice, return: `/${id}/bank` }),
  });
  expect(chosen.statusCode).toBe(303);
  return new URL(String(chosen.headers.location), 'http://x');
}

describe('instant bank link (plaid/token, sandbox picker, plaid)', () => {
  it('links the chosen account: mask only, instant auth, used once', async () => {
    const { id, cookie } = await application();
    const back = await pick(id, cookie, 'ins_sandbox_first:acc_checking');
    expect(back.pathname).toBe(`/${id}/bank`);
    const publicToken = back.searchParams.get('public_token')!;
    const res = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/plaid`, cookie, {
      value: publicToken,
      primary: true,
      source: 'sandbox',
      status: 'connected',
      requestMetadata: { linkSessionId: 'x' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().bank.plaidAccount).toMatchObject({
      instantAuth: true,
      mask: '0000',
      accountType: 'CHECKING',
      institutionName: 'First Sandbox Bank',
    });
    expect(res.json().application.hasFinancialInstrument).toBe(true);
    const again = await h.call('POST', `/api/v2/applications/${id}/financial-instruments/plaid`, cookie, {
      value: publicToken,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().details[0]).toMatchObject({ field: '/value', key: 'errors.bankLinkFailure' });
  });

  it('sandbox trigger: the Unavailable Bank fails the link (error=BANK_LINK_FAILED, no token)', async () => {
    const { id, cookie } = await application();
    const back = await pick(id, cookie, 'ins_error:acc_error');
    expect(back.searchParams.get('error')).toBe('BANK_LINK_FAILED');
    expect(back.searchParams.get('public_token')).toBeNull();
  });

  it('a public token of another application is refused; nothing stored', async () => {
    const a = await application();
    const b = await application();
    const token = (await pick(a.id, a.cookie, 'ins_sandbox_first:acc_savings')).searchParams.get('public_token')!;
    const res = await h.call('POST', `/api/v2/applications/${b.id}/financial-instruments/plaid`, b.cookie, {
      value: token,
    });
    expect(res.statusCode).toBe(400);
    expect((await findApplication<{ bank: object }>(h.t.db, b.id))!.document.bank).toEqual({});
  });

  it('refuses a malformed token (400 /value), other users (403) and no session (401)', async () => {
    const { id, cookie } = await application();
    expect(
      (await h.call('POST', `/api/v2/applications/${id}/financial-instruments/plaid`, cookie, { value: 'nope' })).json()
        .details[0].field,
    ).toBe('/value');
    const stranger = await h.signUp();
    expect(
      (await h.call('GET', `/api/v2/applications/${id}/financial-instruments/plaid/token`, stranger)).statusCode,
    ).toBe(403);
    expect(
      (
        await h.call('POST', `/api/v2/applications/${id}/financial-instruments/plaid`, stranger, {
          value: 'public-sandbox-0123456789',
        })
      ).statusCode,
    ).toBe(403);
    expect((await h.call('GET', `/api/v2/applications/${id}/financial-instruments/plaid/token`)).statusCode).toBe(401);
  });
});
