/**
 * Every route group of the API, the sandbox pages and calls included, registered in one place with what each uses
 * (buildApp in server/app.ts installs the hooks around them, then calls registerRoutes once). The order is the
 * order in which Fastify registers them.
 */
import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import { inquiryPageRoutes } from '../sandbox/identity/page.ts';
import type { Providers } from '../sandbox/providers.ts';
import type { Database } from '../storage/index.ts';
import type { Catalogues } from '../i18n/index.ts';
import { outboxPageRoutes } from '../sandbox/outbox/page.ts';
import { sandboxServices } from '../sandbox/services/provider.ts';
import { ssoRoutes } from '../sandbox/sso/index.ts';
import { accountRoutes } from './accounts.ts';
import { accountsExtendedRoutes } from './accounts-index.ts';
import { analyticsRoutes } from './analytics.ts';
import { applicationRoutes } from './applications.ts';
import { categoryRoutes } from './categories.ts';
import { configRoutes } from './configs.ts';
import { financialInstrumentRoutes } from './financial-instruments.ts';
import { onboardRoutes } from './onboard.ts';
import { otpRoutes } from './otp.ts';
import { serviceRoutes } from './services.ts';
import { websiteRoutes } from './websites.ts';
import { identityRoutes } from './identity.ts';
import { ownerRoutes } from './owners.ts';
import { ownerListRoutes } from './owners-list.ts';
import { phoneAuthRoutes } from './phone-auth.ts';
import { stepUpRoutes } from './step-ups.ts';
import { accountDetailRoutes } from './account-details.ts';
import { applicationExtraRoutes } from './application-extras.ts';
import { bankLinkRoutes } from './bank-link.ts';
import { governmentIdRoutes } from './government-ids.ts';
import { paymentRoutes } from './payments.ts';
import { referenceRoutes } from './reference.ts';
import { bankLinkPageRoutes } from '../sandbox/bank/page.ts';
import { formatChecker } from '../http/format-check.ts';
import { termsRoutes } from './terms.ts';
import { moneyBundleRoutes } from './money-bundles.ts';
import { v1CommerceRoutes } from './v1-commerce.ts';

/** What the route groups share. */
export interface RouteDeps {
  db: Database;
  shared: SharedValidation;
  content: Content;
  providers: Providers;
  /** The message catalogues (the sandbox outbox page renders the messages sent). */
  catalogues: Catalogues;
  /** Keys of the third-party scripts, served in GET /api/v2/configs. */
  scriptKeys: Record<string, string>;
  /** Sign-in and registration attempts per client address per minute. */
  signInAttemptsPerMinute: number;
  /** Whether the sandbox (and its outbox, which a registering browser reads its confirmation link from) is on. */
  sandboxOutbox: boolean;
}

/** Registers every route group of the API. */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, shared, content, providers, catalogues } = deps;
  await app.register(ssoRoutes, {
    db,
    catalogues,
    provider: providers.identity,
    messenger: providers.messenger,
    shared,
    sessionTtlMs: content.config.constants.sessionTimeoutMs,
    attemptsPerMinute: deps.signInAttemptsPerMinute,
    sandboxOutbox: deps.sandboxOutbox,
  });
  await app.register(configRoutes, { content, keys: deps.scriptKeys, sandbox: deps.sandboxOutbox });
  await app.register(categoryRoutes, { content });
  await app.register(accountRoutes, { db });
  await app.register(accountsExtendedRoutes, { db });
  await app.register(applicationRoutes, { db, shared, content });
  await app.register(onboardRoutes, { db, shared, content });
  await app.register(otpRoutes, { db, content, messenger: providers.messenger });
  await app.register(financialInstrumentRoutes, { db, shared });
  await app.register(analyticsRoutes, { db, signedOut: content.analyticsSignedOut });
  await app.register(outboxPageRoutes, { db, catalogues });
  const invitationTtlMs = content.config.constants.invitationExpiryMs ?? 7 * 24 * 3_600_000;
  const fullOnboardingWhenEmailContains = content.sandbox.partners?.fullOnboardingWhenEmailContains ?? [];
  await app.register(stepUpRoutes, {
    db,
    shared,
    inquiries: providers.inquiries,
    messenger: providers.messenger,
    invitationTtlMs,
    fullOnboardingWhenEmailContains,
    templates: content.identityTemplates,
    contentKinds: content.stepUps?.kinds,
  });
  await app.register(phoneAuthRoutes, { db, content, messenger: providers.messenger, carrier: providers.carrier });
  await app.register(identityRoutes, { db, inquiries: providers.inquiries, templates: content.identityTemplates });
  await app.register(inquiryPageRoutes, { db });
  await app.register(ownerRoutes, { db, shared, inquiries: providers.inquiries, messenger: providers.messenger });
  await app.register(ownerListRoutes, {
    db,
    shared,
    messenger: providers.messenger,
    invitationTtlMs,
    fullOnboardingWhenEmailContains,
  });
  await app.register(governmentIdRoutes, { db, content, check: formatChecker(shared) });
  await app.register(paymentRoutes, { db, shared, content, vault: providers.vault });
  await app.register(bankLinkRoutes, { db, bankLink: providers.bankLink });
  await app.register(bankLinkPageRoutes, { bankLink: providers.bankLink });
  await app.register(referenceRoutes, {
    db,
    content,
    lender: providers.lender,
    addressLookup: providers.addressLookup,
  });
  await app.register(applicationExtraRoutes, { db, content });
  await app.register(accountDetailRoutes, { db, content });
  await app.register(v1CommerceRoutes, { db, shared, content });
  await app.register(termsRoutes, { db });
  await app.register(moneyBundleRoutes, { db, shared, content });
  await app.register(websiteRoutes, { websites: providers.websites });
  await app.register(serviceRoutes, { services: sandboxServices() });
}
