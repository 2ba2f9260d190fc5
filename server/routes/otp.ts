import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import { publicView, type ApplicationDocument } from '../domain/document.ts';
import { ApiError, type ErrorDetail } from '../http/errors.ts';
import { requireUser } from '../http/request-context.ts';
import type { Database } from '../storage/index.ts';
import { findApplication, updateApplication } from '../storage/applications.ts';
import { checkOtp, storeOtp, type OtpCheck } from '../storage/otp.ts';
import { enforceRate } from '../http/rate-limit.ts';
import { consumeRate } from '../storage/rate-limits.ts';
import type { Messenger } from '../sandbox/outbox/messenger.ts';
import { assertOwned } from './owned-application.ts';
import { hasPhoneStepUp, withoutPhoneStepUps } from '../domain/step-ups.ts';
import { api, errorResponses } from './schema-refs.ts';

/** Wrong codes allowed before the code is locked and must be resent. */
export const maxOtpAttempts = 5;

const refusal: Record<Exclude<OtpCheck, 'ok'>, ErrorDetail> = {
  missing: { field: '/code', key: 'errors.otpMissing' },
  expired: { field: '/code', key: 'validation.otp.expired' },
  mismatch: { field: '/code', key: 'validation.otp.mismatch' },
  locked: { field: '/code', key: 'errors.otpLocked' },
};

/**
 * The one-time code by SMS (doc2 §7; doc1 §4.5; doc2 §9: 6 digits, 10 minutes). `POST .../otp-code` sends a new
 * code to the applicant's mobile number through the sandbox outbox (table `outbox`); `POST .../step-ups/otp`
 * checks it (or skips with `?skip=true`) and clears the phone step-ups (OTP_SMS and PHONE_AUTH: doc1 §4.2 sends both
 * to this screen).
 */
export async function otpRoutes(
  app: FastifyInstance,
  { db, content, messenger }: { db: Database; content: Content; messenger: Messenger },
): Promise<void> {
  const ttlMs = content.config.constants.codeExpiryMs ?? 600_000;
  const length = content.config.constants.codeLength ?? 6;
  // Sending is limited per application, in the database (several API processes share the count).
  const sendLimit = {
    bucket: 'otp.send',
    max: content.config.constants.codeSendsPerWindow ?? 5,
    windowMs: content.config.constants.messageSendWindowMs ?? 600_000,
  };
  // Guesses are capped per application across resends (issue 23): a new code resets its own five tries, not this.
  const guessLimit = {
    bucket: 'otp.guess',
    max: content.config.constants.codeGuessesPerWindow ?? 10,
    windowMs: content.config.constants.messageSendWindowMs ?? 600_000,
  };

  app.post<{ Params: { id: string } }>(
    '/api/v2/applications/:id/otp-code',
    {
      preHandler: requireUser,
      schema: { params: api('application-params'), response: { 200: api('otp-sent'), ...errorResponses } },
    },
    async (request, reply) => {
      const row = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      const doc = row.document;
      if (!hasPhoneStepUp(doc))
        throw new ApiError('CONFLICT', [{ field: '/application/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
      const phone = (doc.applicant.phone as { localPhoneNumber?: string } | undefined)?.localPhoneNumber;
      if (!phone)
        throw new ApiError('CONFLICT', [{ field: '/applicant/phone/localPhoneNumber', key: 'errors.phoneRequired' }]);
      await enforceRate(db, sendLimit, row.id, reply);
      const code = String(randomInt(0, 10 ** length)).padStart(length, '0');
      const deliver = await db.transaction(async (tx) => {
        await storeOtp(tx, row.id, code, ttlMs);
        return messenger.send(tx, {
          userId: row.ownerId,
          channel: 'sms',
          recipient: `+1${phone}`,
          key: 'sso.sms.otpCode',
          args: { code, minutes: Math.round(ttlMs / 60_000) },
          locale:
            typeof doc.applicant.communicationLanguage === 'string'
              ? doc.applicant.communicationLanguage
              : request.locale,
        });
      });
      await deliver();
      return { data: { sent: true, expiresInMs: ttlMs, length } };
    },
  );

  app.post<{ Params: { id: string }; Querystring: { skip?: 'true' | 'false' }; Body: { code?: string } | undefined }>(
    '/api/v2/applications/:id/step-ups/otp',
    {
      preHandler: requireUser,
      schema: {
        params: api('application-params'),
        querystring: api('step-up-otp-query'),
        body: api('step-up-otp'),
        response: { 200: api('document'), ...errorResponses },
      },
    },
    async (request, reply) => {
      const skip = request.query.skip === 'true';
      const code = request.body?.code;
      if (!skip && !code) throw new ApiError('VALIDATION_FAILED', [{ field: '/code', key: 'validation.otp.required' }]);
      // The attempt is counted outside the document transaction so a wrong code still counts.
      const owned = assertOwned(request, await findApplication<ApplicationDocument>(db, request.params.id));
      if (!hasPhoneStepUp(owned.document))
        throw new ApiError('CONFLICT', [{ field: '/application/stepUpDetails', key: 'errors.stepUpNotRequired' }]);
      if (!skip) {
        const { allowed, retryAfterSeconds } = await consumeRate(db, guessLimit, owned.id);
        if (!allowed) {
          reply.header('retry-after', String(retryAfterSeconds));
          throw new ApiError('RATE_LIMITED', [{ field: '/code', key: 'errors.otpGuessesExhausted' }]);
        }
        const result = await checkOtp(db, owned.id, code ?? '', maxOtpAttempts);
        if (result !== 'ok') throw new ApiError('VALIDATION_FAILED', [refusal[result]]);
      }
      const updated = await updateApplication<ApplicationDocument>(db, owned.id, (current) => {
        const doc = assertOwned(request, current).document;
        const answered = withoutPhoneStepUps(doc);
        return {
          ...answered,
          applicant: { ...doc.applicant, phone: { ...(doc.applicant.phone as object), verified: !skip } },
        };
      });
      if (!updated) throw new ApiError('APPLICATION_NOT_FOUND');
      return publicView(updated.document);
    },
  );
}
