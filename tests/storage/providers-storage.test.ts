import { randomUUID } from 'node:crypto';
import { createApplication } from '../../server/storage/applications.ts';
import {
  claimInvitation,
  findInvitation,
  hasOwnerAccess,
  insertInvitation,
  revokeOwner,
} from '../../server/storage/owner-access.ts';
import { createPhoneLink, findPhoneLink, latestPhoneLink, usePhoneLink } from '../../server/storage/phone-links.ts';
import { insertPayment } from '../../server/storage/payments.ts';
import { consumeRate } from '../../server/storage/rate-limits.ts';
import { insertUser } from '../../server/storage/users.ts';
import type { Database, Queryable } from '../../server/storage/index.ts';
import { testDatabasePerFile, testDatabaseUrl } from './test-database.ts';

const t = testDatabasePerFile();

async function application(): Promise<{ id: string; userId: string }> {
  const user = (await insertUser(t.db, `${randomUUID()}@example.com`, 'h'))!;
  const id = `urn:app:${randomUUID()}`;
  await createApplication(t.db, { id, ownerId: user.id, document: {} });
  return { id, userId: user.id };
}

describe(`provider storage on ${testDatabaseUrl ? 'PostgreSQL' : 'PGlite'}`, () => {
  it('rate limits never let more than max through, even when requests race', async () => {
    const limit = { bucket: 'race', max: 3, windowMs: 60_000 };
    const results = await Promise.all(Array.from({ length: 10 }, () => consumeRate(t.db, limit, 'subject-1')));
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterSeconds >= 1 && r.retryAfterSeconds <= 60)).toBe(
      true,
    );
    expect((await consumeRate(t.db, limit, 'subject-2')).allowed).toBe(true);
  });

  it('rate events older than the window stop counting', async () => {
    const limit = { bucket: 'window', max: 1, windowMs: 60_000 };
    expect((await consumeRate(t.db, limit, 's')).allowed).toBe(true);
    expect((await consumeRate(t.db, limit, 's')).allowed).toBe(false);
    await t.db.query("UPDATE rate_counters SET window_start = now() - interval '2 minutes'");
    expect((await consumeRate(t.db, limit, 's')).allowed).toBe(true);
  });

  it('50 concurrent calls from one address do not queue behind each other (issue 23: 100 applicants behind one address got 503)', async () => {
    // Each answer from the database reaches the caller 25 ms later, as on a busy process or a pooler hop. A limiter
    // that holds a lock of the address across several statements makes every call wait for all those before it
    // (50 calls x 6 statements x 25 ms, past the pool's connection wait); one atomic statement does not.
    const latencyMs = 25;
    const pause = () => new Promise((resolve) => setTimeout(resolve, latencyMs));
    const slow = (q: Queryable): Queryable => ({
      async query<T>(sql: string, params?: unknown[]) {
        const result = await q.query<T>(sql, params);
        await pause();
        return result;
      },
      async exec(sql: string) {
        await q.exec(sql);
        await pause();
      },
    });
    const slowDb: Database = {
      ...slow(t.db),
      kind: t.db.kind,
      transaction: (work) => t.db.transaction((tx) => work(slow(tx))),
      close: () => t.db.close(),
    };
    const limit = { bucket: 'crowd', max: 1000, windowMs: 60_000 };
    const started = Date.now();
    const took = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const result = await consumeRate(slowDb, limit, '127.0.0.1');
        expect(result.allowed).toBe(true);
        return Date.now() - started;
      }),
    );
    expect(Math.max(...took)).toBeLessThan(1500);
    expect((await t.db.query('SELECT n FROM rate_counters WHERE bucket = $1', ['crowd'])).rows).toEqual([{ n: 50 }]);
  });

  it('a phone link works once even when two devices open it at the same time; only its hash is stored', async () => {
    const { id } = await application();
    await createPhoneLink(t.db, {
      vfp: 'v'.repeat(43),
      applicationId: id,
      kind: 'sms',
      finalTargetUrl: '/x',
      ttlMs: 300_000,
    });
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => usePhoneLink(t.db, 'v'.repeat(43), ['REQUESTED'], 'SUCCESS')),
    );
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'used')).toHaveLength(2);
    expect(JSON.stringify((await t.db.query('SELECT * FROM phone_links')).rows)).not.toContain('v'.repeat(43));
  });

  it('a new link replaces the live one; an expired link is reported expired', async () => {
    const { id } = await application();
    await createPhoneLink(t.db, {
      vfp: 'a'.repeat(43),
      applicationId: id,
      kind: 'sms',
      finalTargetUrl: '/x',
      ttlMs: 300_000,
    });
    await createPhoneLink(t.db, {
      vfp: 'b'.repeat(43),
      applicationId: id,
      kind: 'sms',
      finalTargetUrl: '/x',
      ttlMs: -1,
    });
    expect((await findPhoneLink(t.db, 'a'.repeat(43)))?.status).toBe('FAILED');
    expect(await usePhoneLink(t.db, 'b'.repeat(43), ['REQUESTED'], 'SUCCESS')).toBe('expired');
    expect((await latestPhoneLink(t.db, id, 'sms'))?.expired).toBe(true);
    expect(await usePhoneLink(t.db, 'c'.repeat(43), ['REQUESTED'], 'SUCCESS')).toBe('unknown');
  });

  it('the latest link is the last one made, even when both were made within one tick of the clock', async () => {
    const { id } = await application();
    const link = (vfp: string, ttlMs: number) => ({
      vfp,
      applicationId: id,
      kind: 'sms' as const,
      finalTargetUrl: '/x',
      ttlMs,
    });
    for (let round = 0; round < 5; round += 1) {
      // One transaction: now() is one instant, so both links carry the same created_at.
      await t.db.transaction(async (tx) => {
        await createPhoneLink(tx, link(`${round}`.padStart(43, 'l'), 300_000));
        await createPhoneLink(tx, link(`${round}`.padStart(43, 'e'), -1));
      });
      expect((await latestPhoneLink(t.db, id, 'sms'))?.expired).toBe(true);
      await t.db.transaction(async (tx) => {
        await createPhoneLink(tx, link(`${round}`.padStart(43, 'E'), -1));
        await createPhoneLink(tx, link(`${round}`.padStart(43, 'L'), 300_000));
      });
      expect((await latestPhoneLink(t.db, id, 'sms'))?.expired).toBe(false);
    }
  });

  it('invitations: hashed token, claim gives access to that owner only, revoking removes it', async () => {
    const { id } = await application();
    const partner = (await insertUser(t.db, 'bob@example.com', 'h'))!;
    await insertInvitation(t.db, {
      token: 'tok'.repeat(15),
      applicationId: id,
      ownerId: 'urn:owner:1',
      email: 'Bob@Example.com',
      ttlMs: 60_000,
    });
    const invitation = (await findInvitation(t.db, 'tok'.repeat(15)))!;
    expect(invitation).toMatchObject({ email: 'bob@example.com', expired: false, claimedBy: null });
    await claimInvitation(t.db, 'tok'.repeat(15), invitation, partner.id);
    expect(await hasOwnerAccess(t.db, id, 'urn:owner:1', partner.id)).toBe(true);
    expect(await hasOwnerAccess(t.db, id, 'urn:owner:2', partner.id)).toBe(false);
    await revokeOwner(t.db, id, 'urn:owner:1');
    expect(await hasOwnerAccess(t.db, id, 'urn:owner:1', partner.id)).toBe(false);
    expect(await findInvitation(t.db, 'tok'.repeat(15))).toBeUndefined();
  });

  it('a payment is recorded once per idempotency key, even when retries race', async () => {
    const { id } = await application();
    const input = {
      applicationId: id,
      financialInstrumentId: 'fi_1',
      amountCents: 100,
      status: 'AUTHORIZED',
      idempotencyKey: 'k',
    };
    const results = await Promise.all([1, 2, 3].map(() => insertPayment(t.db, input)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.payment.id)).size).toBe(1);
    expect((await t.db.query('SELECT count(*)::int AS n FROM payments')).rows).toEqual([{ n: 1 }]);
  });
});
