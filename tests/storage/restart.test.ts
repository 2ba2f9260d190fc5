import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../server/app.ts';
import { openStorage } from '../../server/storage/index.ts';
import { confirmationLinkIn, cookieOf, sessionCookieOf } from '../api/harness.ts';
import { dropSchema, openTestDatabase } from './test-database.ts';

describe('restart', () => {
  const folder = mkdtempSync(join(tmpdir(), 'onb-restart-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps applications and sessions when the app and its storage are closed and opened again', async () => {
    // First run: PGlite in a data folder (or a PostgreSQL schema when TEST_DATABASE_URL is set).
    const first = await openTestDatabase(join(folder, 'pglite'));
    let app = await buildApp({ db: first.db, logLevel: 'silent' });
    const registered = await app.inject({
      method: 'POST',
      url: '/sso/register',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=restart%40example.com&password=long+enough+pw&confirmPassword=long+enough+pw&path=%2F',
    });
    // Registration never signs in (issue 23): the link emailed for it, read in the sandbox outbox, does.
    const registration = cookieOf(registered, 'onb_registration');
    const outbox = await app.inject({ method: 'GET', url: '/sandbox/outbox', headers: { cookie: registration } });
    const confirmed = await app.inject({
      method: 'GET',
      url: confirmationLinkIn(outbox.body)!,
      headers: { cookie: registration },
    });
    const cookie = sessionCookieOf(confirmed);
    const created = await app.inject({
      method: 'POST',
      url: '/api/v2/applications',
      headers: { cookie },
      payload: { company: { name: 'Still Here Co' } },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().application.id as string;
    await app.close();
    await first.db.close();

    // Second run on the same data.
    const db = await openStorage(first.options);
    try {
      app = await buildApp({ db, logLevel: 'silent' });
      const read = await app.inject({ method: 'GET', url: `/api/v2/applications/${id}`, headers: { cookie } });
      expect(read.statusCode).toBe(200);
      expect(read.json().company.name).toBe('Still Here Co');
      await app.close();
    } finally {
      await db.close();
      if (first.options.databaseUrl && first.options.schema)
        await dropSchema(first.options.databaseUrl, first.options.schema);
    }
  });
});
