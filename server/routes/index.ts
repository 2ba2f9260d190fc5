/**
 * The calls added after the foundation (phone authentication, identity sessions, owners, ...), registered in one
 * place with the providers they use.
 */
import type { FastifyInstance } from 'fastify';
import type { Content } from '../content.ts';
import type { SharedValidation } from '../http/shared-validation.ts';
import { inquiryPageRoutes } from '../sandbox/identity/page.ts';
import type { Providers } from '../sandbox/providers.ts';
import type { Database } from '../storage/index.ts';
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
}

/** Registers the route groups that use providers. */
export async function registerExtendedRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const { db, shared, content, providers } = deps;
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
}
