-- doc2 §9 identity-verification templates per country: each inquiry records the provider template it was started
-- with (rules/identity-templates.json), so a resumed session keeps its template.
ALTER TABLE identity_inquiries ADD COLUMN template_id text NOT NULL DEFAULT '';
