-- Issue 23: the sandbox outbox shows a user only their own messages: those sent on their behalf (user_id) and
-- emails to their own address. Messages from before this migration have no user and are shown to no one.
ALTER TABLE outbox ADD COLUMN user_id uuid REFERENCES users(id) ON DELETE CASCADE;
CREATE INDEX outbox_user_idx ON outbox (user_id);
