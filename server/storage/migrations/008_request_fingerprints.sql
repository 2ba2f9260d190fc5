-- Issue 23: an idempotency key is tied to the request it came with. request_hash is the sha-256 of the request's
-- method, route, parameters, query and canonical body (server/http/idempotency.ts); a different request under a
-- used key is refused (422). Rows from before this migration have none and are taken as matching.
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;
ALTER TABLE payments ADD COLUMN request_hash text;
