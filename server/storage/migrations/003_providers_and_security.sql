-- 003: rate limits kept in the database (several API instances agree), phone links (doc2 §9: 5 minutes, once),
-- identity inquiries, owner invitations and partner access, the card vault, bank-link tokens, payments,
-- notifications and the outbox's email subject.

CREATE TABLE rate_events (
  id         bigserial PRIMARY KEY,
  bucket     text NOT NULL,                     -- e.g. 'sso.login', 'otp.send', 'phone.link'
  subject    text NOT NULL,                     -- client address or application id (never a secret)
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_events_lookup_idx ON rate_events (bucket, subject, at);

CREATE TABLE phone_links (
  vfp_hash        text PRIMARY KEY,             -- sha-256 of the link's fingerprint; the fingerprint is never stored
  application_id  text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  kind            text NOT NULL CHECK (kind IN ('sms', 'mobile')),
  status          text NOT NULL CHECK (status IN ('REQUESTED', 'IN_PROGRESS', 'SUCCESS', 'FAILED')),
  final_target_url text NOT NULL,
  expires_at      timestamptz NOT NULL,
  used_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX phone_links_application_idx ON phone_links (application_id, created_at);

CREATE TABLE identity_inquiries (
  id              text PRIMARY KEY,             -- inq_<random>
  application_id  text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  owner_id        text,                         -- set for an owner's inquiry
  kind            text NOT NULL CHECK (kind IN ('identification', 'verification')),
  status          text NOT NULL CHECK (status IN ('CREATED', 'IN_PROGRESS', 'RECEIVED', 'TIMEOUT')),
  session_token   text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE owner_invitations (
  token_hash      text PRIMARY KEY,             -- sha-256 of the emailed link's token
  application_id  text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  owner_id        text NOT NULL,
  email           text NOT NULL,                -- lower-cased
  expires_at      timestamptz NOT NULL,
  claimed_by      uuid REFERENCES users(id) ON DELETE SET NULL,
  claimed_at      timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX owner_invitations_owner_idx ON owner_invitations (application_id, owner_id, token_hash);

CREATE TABLE owner_access (
  application_id  text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  owner_id        text NOT NULL,
  user_id         uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (application_id, owner_id)
);
CREATE INDEX owner_access_user_idx ON owner_access (user_id);

CREATE TABLE vault_cards (
  token        text PRIMARY KEY,                -- tok_<random>: all the API ever sees
  brand        text NOT NULL,
  last4        text NOT NULL,
  exp_month    integer NOT NULL,
  exp_year     integer NOT NULL,
  postal_code  text NOT NULL,
  outcome      text NOT NULL CHECK (outcome IN ('APPROVE', 'DECLINE')),
  created_at   timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE bank_links (
  link_token      text PRIMARY KEY,
  application_id  text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  public_token    text UNIQUE,
  institution     text,
  account_id      text,
  used_at         timestamptz,
  expires_at      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE payments (
  id                     text PRIMARY KEY,
  application_id         text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  financial_instrument_id text NOT NULL,
  amount_cents           bigint NOT NULL,
  status                 text NOT NULL,
  idempotency_key        text,
  created_at             timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payments_idempotency_idx ON payments (application_id, idempotency_key);

CREATE TABLE notifications (
  id              bigserial PRIMARY KEY,
  application_id  text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  kind            text NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE outbox ADD COLUMN subject text;   -- email subject key (null for SMS)
ALTER TABLE outbox ADD COLUMN link text;      -- a link the message carries (phone link, invitation)

CREATE TABLE auth_codes (
  code_hash       text PRIMARY KEY,             -- sha-256 of the one-time code handed to a partner site
  application_id  text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  context         text NOT NULL,
  channel_id      text,
  expires_at      timestamptz NOT NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
