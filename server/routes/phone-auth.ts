import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import type { ApplicationDocument } from '../domain/document.ts';
import {
  applicantLocale,
  applicantMobile,
  hasPhoneStepUp,
  withoutPhoneStepUps,
  withPhoneVerified,
} from '../domain/step-ups.ts';
import { ApiError } from '../http/errors.ts';
import { enforceRate } from '../http/rate-limit.ts';
import { requireUser } from '../http/request-context.ts';
import type { PhoneCarrier } from '../sandbox/carrier/provider.ts';
import type { Messenger } from '../sandbox/outbox/messenger.ts';
import { safeReturnPath } from '../sandbox/sso/index.ts';
import type { Database } from '../storage/index.ts';
import { findApplication, saveDocument, updateApplication } from '../storage/applications.ts';
import {
  createPhoneLink,
  findPhoneLink,
  latestPhoneLink,
  setPhoneLinkStatus,
  usePhoneLink,
} from '../storage/phone-links.ts';
import { assertOwned } from './owned-application.ts';
import { api, errorResponses } from './schema-refs.ts';

type Params = { id: string };
const newVfp = () => randomBytes(32).toString('base64url');
const notPending = () =>
  new ApiError('CONFLICT', [{ field: '/application/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
const expired = () => new ApiError('LINK_EXPIRED', [{ field: '/vfp', key: 'errors.linkExpired' }]);

/**
 * Phone authentication (doc2 §7 Phone authentication; doc1 §4.5; doc2 §9: links valid 5 minutes).
 * - SMS link: `POST .../sms-verifications` texts a link to the applicant's mobile (through the messenger);
 *   the other device opens `/{id}/phone-auth/confirmation?vfp=...`, whose page posts `.../sms-verifications/{vfp}`
 *   (no session needed: the link is the credential) once; the first device polls `GET .../sms-verifications`.
 * - Mobile (carrier): `GET .../verification-url` gives a carrier address; the carrier sends the browser back to
 *   finalTargetUrl with `vfp`, and `POST .../mobile-verifications` with that vfp clears the step-up on SUCCESS.
 * Both answer a pending phone step-up (PHONE_AUTH or OTP_SMS: doc1 §4.2 sends both to the same screens) and mark the
 * applicant's phone verified.
 */
export async function phoneAuthRoutes(
  app: FastifyInstance,
  { db, content, messenger, carrier }: { db: Database; content: Content; messenger: Messenger; carrier: PhoneCarrier },
): Promise<void> {
  const ttlMs = content.config.constants.phoneLinkExpiryMs ?? 300_000;
  const sendLimit = {
    bucket: 'phone.link',
    max: content.config.constants.phoneLinkSendsPerWindow ?? 3,
    windowMs: content.config.constants.messageSendWindowMs ?? 600_000,
  };
  const base = '/api/v2/applications/:id/phone-auth';
  const statusResponse = { 200: api('phone-auth-status'), ...errorResponses };

  const ownedWithPhoneAuth = async (request: import('fastify').FastifyRequest<{ Params: Params }>) => {
    const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
    if (!hasPhoneStepUp(row.document)) throw notPending();
    const phone = applicantMobile(row.document);
    if (!phone)
      throw new ApiError('CONFLICT', [{ field: '/applicant/phone/localPhoneNumber', key: 'errors.phoneRequired' }]);
    return { row, phone };
  };

  const clearPhoneAuth = (id: string, verified: boolean) =>
    updateApplication<ApplicationDocument>(db, id, (current) =>
      withPhoneVerified(withoutPhoneStepUps(current.document), verified),
    );

  app.post<{
    Params: Params;
    Querystring: { skip?: string; retry?: string };
    Body: { finalTargetUrl?: string } | undefined;
  }>(
    `${base}/sms-verifications`,
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        querystring: api('phone-auth-sms-query'),
        body: api('phone-auth-sms'),
        response: statusResponse,
      },
    },
    async (request, reply) => {
      const { row, phone } = await ownedWithPhoneAuth(request);
      if (request.query.skip === 'true') {
        await clearPhoneAuth(row.id, false);
        return { data: { status: 'SKIPPED' } };
      }
      const live = await latestPhoneLink(db, row.id, 'sms');
      if (request.query.retry !== 'true' && live && live.status === 'REQUESTED' && !live.expired && !live.used)
        return { data: { status: 'REQUESTED' } };
      await enforceRate(db, sendLimit, row.id, reply);
      const vfp = newVfp();
      const finalTargetUrl = safeReturnPath(request.body?.finalTargetUrl ?? `/${row.id}/verifying`);
      const deliver = await db.transaction(async (tx) => {
        await createPhoneLink(tx, { vfp, applicationId: row.id, kind: 'sms', finalTargetUrl, ttlMs });
        return messenger.send(tx, {
          userId: row.ownerId,
          channel: 'sms',
          recipient: `+1${phone}`,
          key: 'outbox.sms.phoneLink',
          args: { minutes: Math.round(ttlMs / 60_000) },
          link: `/${row.id}/phone-auth/confirmation?vfp=${vfp}`,
          locale: applicantLocale(row.document, request.locale),
        });
      });
      await deliver();
      return { data: { status: 'REQUESTED', expiresInMs: ttlMs } };
    },
  );

  // Polled every second by the waiting device (doc2 §7) until SUCCESS or FAILED; an expired link is FAILED.
  app.get<{ Params: Params }>(
    `${base}/sms-verifications`,
    { preHandler: requireUser, schema: { params: api('application-params'), response: statusResponse } },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const link = await latestPhoneLink(db, row.id, 'sms');
      const status = !link ? 'NONE' : link.status === 'REQUESTED' && link.expired ? 'FAILED' : link.status;
      return reply.header('cache-control', 'no-store').send({ data: { status } });
    },
  );

  // Opened on the other device: the link is the credential, it works once and for five minutes.
  app.post<{ Params: Params & { vfp: string } }>(
    `${base}/sms-verifications/:vfp`,
    { schema: { params: api('phone-auth-vfp-params'), response: statusResponse } },
    async (request) => {
      const link = await findPhoneLink(db, request.params.vfp);
      if (!link || link.applicationId !== request.params.id || link.kind !== 'sms') throw new ApiError('NOT_FOUND');
      const result = await db.transaction(async (tx) => {
        const used = await usePhoneLink(tx, request.params.vfp, ['REQUESTED'], 'SUCCESS');
        if (used !== 'ok') return used;
        const current = await findApplication<ApplicationDocument>(tx, link.applicationId, true);
        if (current) {
          const next = withPhoneVerified(withoutPhoneStepUps(current.document), true);
          await saveDocument(tx, current.id, next);
        }
        return 'ok';
      });
      // Issue 27.5: a link opened again after it confirmed the phone says it was used, not that it expired.
      if (result === 'used' && link.status === 'SUCCESS')
        throw new ApiError('LINK_EXPIRED', [{ field: '/vfp', key: 'errors.linkUsed' }]);
      if (result !== 'ok') throw expired();
      return { data: { status: 'SUCCESS', finalTargetUrl: link.finalTargetUrl } };
    },
  );

  app.get<{ Params: Params; Querystring: { finalTargetUrl?: string } }>(
    `${base}/verification-url`,
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        querystring: api('phone-auth-verification-url-query'),
        response: statusResponse,
      },
    },
    async (request, reply) => {
      const { row } = await ownedWithPhoneAuth(request);
      await enforceRate(db, { ...sendLimit, bucket: 'phone.carrier' }, row.id, reply);
      const vfp = newVfp();
      const finalTargetUrl = safeReturnPath(request.query.finalTargetUrl ?? `/${row.id}/mobile-verification`);
      await createPhoneLink(db, {
        vfp,
        applicationId: row.id,
        kind: 'mobile',
        finalTargetUrl,
        ttlMs,
        status: 'IN_PROGRESS',
      });
      return reply
        .header('cache-control', 'no-store')
        .send({ data: { status: 'IN_PROGRESS', verificationUrl: `/sandbox/carrier/${vfp}`, expiresInMs: ttlMs } });
    },
  );

  app.post<{ Params: Params; Body: { vfp: string; finalTargetUrl?: string } }>(
    `${base}/mobile-verifications`,
    {
      preHandler: requireUser,
      schema: { params: api('application-params'), body: api('phone-auth-mobile'), response: statusResponse },
    },
    async (request) => {
      const { row } = await ownedWithPhoneAuth(request);
      const link = await findPhoneLink(db, request.body.vfp);
      if (!link || link.applicationId !== row.id || link.kind !== 'mobile') throw new ApiError('NOT_FOUND');
      if (link.used || link.expired) throw expired();
      // doc2 §7: anything but SUCCESS falls back to the phone-auth screen; the answer says FAILED.
      if (link.status !== 'SUCCESS') return { data: { status: 'FAILED' } };
      const used = await usePhoneLink(db, request.body.vfp, ['SUCCESS'], 'SUCCESS');
      if (used !== 'ok') throw expired();
      await clearPhoneAuth(row.id, true);
      return { data: { status: 'SUCCESS', finalTargetUrl: link.finalTargetUrl } };
    },
  );

  // The sandbox carrier: recognises "the device" and sends the browser back with the fingerprint.
  app.get<{ Params: { vfp: string } }>(
    '/sandbox/carrier/:vfp',
    {
      schema: {
        params: {
          type: 'object',
          additionalProperties: false,
          required: ['vfp'],
          properties: { vfp: { type: 'string', pattern: '^[A-Za-z0-9_-]{32,64}$' } },
        },
      },
    },
    async (request, reply) => {
      const link = await findPhoneLink(db, request.params.vfp);
      if (!link || link.kind !== 'mobile') throw new ApiError('NOT_FOUND');
      if (link.used || link.expired) throw expired();
      const row = await findApplication<ApplicationDocument>(db, link.applicationId);
      const verdict = await carrier.verify(row ? (applicantMobile(row.document) ?? '') : '');
      await setPhoneLinkStatus(db, request.params.vfp, verdict);
      const separator = link.finalTargetUrl.includes('?') ? '&' : '?';
      return reply.redirect(`${link.finalTargetUrl}${separator}vfp=${request.params.vfp}`, 303);
    },
  );
}
