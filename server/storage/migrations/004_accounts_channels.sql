-- 004: sales channels added to a payments profile (doc1 §3 Channel, §4.7) and SSO permissions set after onboarding
-- (doc1 §6: type ehopper). A retried channel creation carries the same idempotency key and creates nothing twice.

CREATE TABLE account_channels (
  id               text PRIMARY KEY,
  application_id   text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  idempotency_key  text,
  name             text NOT NULL,
  type             text,
  attempts         integer NOT NULL DEFAULT 0,   -- failed attempts seen (sandbox trigger FAILTWICE)
  created          boolean NOT NULL DEFAULT false,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (application_id, idempotency_key)
);

CREATE TABLE account_permissions (
  application_id   text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  type             text NOT NULL,
  created_at       timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (application_id, type)
);
