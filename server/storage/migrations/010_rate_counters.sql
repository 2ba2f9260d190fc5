-- Issue 23: the rate limiter no longer serialises every request of one address on a lock held across a
-- transaction (100 applicants behind one address queued on it and waited past the connection wait). One row per
-- (bucket, subject) counts the events of the current window; a single INSERT ... ON CONFLICT DO UPDATE statement
-- opens a new window when the last one is over, or adds one, and returns the count.
CREATE TABLE rate_counters (
  bucket        text NOT NULL,                    -- e.g. 'sign-in', 'registration', 'otp.send'
  subject       text NOT NULL,                    -- client address or application id (never a secret)
  window_start  timestamptz NOT NULL,             -- when the current window opened (its first event)
  n             integer NOT NULL,                 -- events counted in the current window, refused ones included
  PRIMARY KEY (bucket, subject)
);
DROP TABLE rate_events;
