/**
 * The third parties of the API, each behind an interface with a built-in sandbox (ARCHITECTURE: sign-in, SMS
 * and email outbox, bank linking, identity inquiry, card tokenization, lender redirect, address lookup, hosting
 * service websites).
 * `buildApp({ providers })` replaces any of them; `defaultProviders` builds the sandbox ones from
 * rules/sandbox.json and the environment (SMTP_URL, PUBLIC_URL).
 */
import type { Content } from '../content.ts';
import type { Catalogues } from '../i18n/index.ts';
import type { Database } from '../storage/index.ts';
import { sandboxAddressLookup, type AddressLookup } from './address/provider.ts';
import { sandboxBankLink, type BankLinkProvider } from './bank/provider.ts';
import { sandboxCarrier, type PhoneCarrier } from './carrier/provider.ts';
import { sandboxInquiries, type IdentityInquiryProvider } from './identity/provider.ts';
import { sandboxLender, type Lender } from './lender/provider.ts';
import { sandboxWebsites, type WebsiteDirectory } from './hosting/provider.ts';
import { outboxMessenger, type Messenger } from './outbox/messenger.ts';
import { sandboxIdentityProvider, type IdentityProvider } from './sso/index.ts';
import { sandboxVault, type CardVault } from './vault/provider.ts';

/** Every replaceable third party. */
export interface Providers {
  identity: IdentityProvider;
  messenger: Messenger;
  carrier: PhoneCarrier;
  inquiries: IdentityInquiryProvider;
  vault: CardVault;
  bankLink: BankLinkProvider;
  lender: Lender;
  addressLookup: AddressLookup;
  /** The hosting service's website records (sandbox: server/sandbox/hosting/websites.json). */
  websites: WebsiteDirectory;
}

/** Configuration of the built-in providers. */
export interface ProviderConfig {
  /** SMTP connection URL: emails are also delivered by SMTP (nodemailer). */
  smtpUrl?: string;
  /** From address of emails. */
  mailFrom?: string;
  /** Public address of the app for absolute links in emails. */
  publicUrl?: string;
}

/** The sandbox providers, with `overrides` replacing any of them. */
export function defaultProviders(
  db: Database,
  content: Content,
  catalogues: Catalogues,
  config: ProviderConfig = {},
  overrides: Partial<Providers> = {},
): Providers {
  return {
    identity: overrides.identity ?? sandboxIdentityProvider(db),
    messenger:
      overrides.messenger ??
      outboxMessenger({
        catalogues,
        publicUrl: config.publicUrl ?? 'http://localhost:3000',
        ...(config.smtpUrl ? { smtpUrl: config.smtpUrl } : {}),
        ...(config.mailFrom ? { from: config.mailFrom } : {}),
      }),
    carrier: overrides.carrier ?? sandboxCarrier(content.sandbox.carrier.failWhenPhoneEndsWith),
    inquiries: overrides.inquiries ?? sandboxInquiries(db),
    vault: overrides.vault ?? sandboxVault(db, content.sandbox.cardVault),
    bankLink:
      overrides.bankLink ??
      sandboxBankLink(db, content.sandbox.bankLink, content.config.constants.bankLinkTokenExpiryMs ?? 1_800_000),
    lender: overrides.lender ?? sandboxLender(content.offers),
    addressLookup: overrides.addressLookup ?? sandboxAddressLookup(content.sandbox.addressLookup),
    websites: overrides.websites ?? sandboxWebsites(),
  };
}
