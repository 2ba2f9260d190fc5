-- Issue 23: a card-vault token is usable only by the user who made it, and only on the first application it is
-- filed on. Tokens made before this migration have no owner and are refused.
ALTER TABLE vault_cards ADD COLUMN user_id uuid REFERENCES users(id) ON DELETE CASCADE;
ALTER TABLE vault_cards ADD COLUMN application_id text REFERENCES applications(id) ON DELETE CASCADE;
