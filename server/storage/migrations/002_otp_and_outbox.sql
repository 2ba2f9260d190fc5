-- 002: one-time codes (doc2 §9: 6 digits, 10 minutes) and the sandbox outbox of SMS and email messages.

CREATE TABLE otp_codes (
  application_id text PRIMARY KEY REFERENCES applications(id) ON DELETE CASCADE,
  code_hash      text NOT NULL,                 -- sha-256 of application id and code; the code is never stored
  expires_at     timestamptz NOT NULL,
  attempts       integer NOT NULL DEFAULT 0,
  created_at     timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE outbox (
  id         bigserial PRIMARY KEY,
  channel    text NOT NULL CHECK (channel IN ('sms', 'email')),
  recipient  text NOT NULL,
  message    text NOT NULL,                     -- a catalogue key; the sandbox's "phone" renders it
  args       jsonb NOT NULL,
  locale     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
