-- An application's latest phone link (storage/phone-links.ts latestPhoneLink) was the one with the latest created_at.
-- Two links made within one tick of the clock tie: PGlite's clock counts whole milliseconds, and one transaction's
-- now() is a single instant. On a tie the older link could be answered as the latest. A number drawn in the order the
-- links are stored settles it (existing rows are numbered as the table holds them).
ALTER TABLE phone_links ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY;
CREATE INDEX phone_links_latest_idx ON phone_links (application_id, kind, seq);
