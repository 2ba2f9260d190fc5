-- Issue 23: registration never signs in and answers the same whether or not the address has an account. A new
-- address gets an account only when the link emailed to it is opened; until then the registration waits here.
CREATE TABLE pending_registrations (
  token_hash        text PRIMARY KEY,             -- sha-256 of the emailed link's token; the token is never stored
  email             text NOT NULL,                -- lower-cased
  password_hash     text NOT NULL,                -- scrypt, as users.password_hash
  registration_hash text NOT NULL,                -- sha-256 of the registering browser's onb_registration cookie
  expires_at        timestamptz NOT NULL
);
-- The sandbox outbox shows the browser that registered the messages its registration sent (the confirmation
-- link, or the note to the holder of a taken address): sha-256 of that browser's onb_registration cookie.
ALTER TABLE outbox ADD COLUMN registration_hash text;
CREATE INDEX outbox_registration_idx ON outbox (registration_hash);
