-- 001: users and sessions of the sign-on sandbox, applications, idempotency keys, analytics events.

CREATE TABLE users (
  id            uuid PRIMARY KEY,
  email         text NOT NULL UNIQUE,           -- stored lower-cased
  password_hash text NOT NULL,                  -- scrypt$N$r$p$salt$hash (base64url)
  created_at    timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  token_hash text PRIMARY KEY,                  -- sha-256 of the cookie value; the raw token is never stored
  user_id    uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

CREATE TABLE applications (
  id         text PRIMARY KEY,                  -- urn:app:<uuid>
  owner_id   uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  document   jsonb NOT NULL,                    -- the application document (doc1 §3)
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX applications_owner_idx ON applications (owner_id, created_at);

CREATE TABLE idempotency_keys (
  user_id        uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key            text NOT NULL,
  application_id text NOT NULL REFERENCES applications(id) ON DELETE CASCADE,
  created_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE analytics_events (
  id         bigserial PRIMARY KEY,
  user_id    uuid REFERENCES users(id) ON DELETE SET NULL,
  type       text NOT NULL,
  params     jsonb NOT NULL,                    -- PII-free: see server/domain/analytics.ts
  created_at timestamptz NOT NULL DEFAULT now()
);
