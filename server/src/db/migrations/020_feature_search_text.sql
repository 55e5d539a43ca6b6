-- The search's trigram index (migration 010) was over an expression, so every candidate it
-- gave was checked again by recomputing that expression: the properties detoasted and every
-- value read out of the jsonb, about 30 µs a row, 10,001 rows for a search matching much of a
-- layer. The text is now stored beside the properties and the index built on it, so the check
-- reads one text value. A generated column is computed by the database on every INSERT and
-- on every UPDATE that sets `properties`, whatever statement does it (create, edit, bulk edit,
-- import, restore, split, property renames and conversions), so no write path can forget it;
-- an UPDATE of the geometry alone does not recompute it.
--
-- On an existing install this rewrites `features` once (every row and index); the old
-- expression index is dropped first so the rewrite does not rebuild it.
DROP INDEX features_search;

ALTER TABLE features
  ADD COLUMN search_text text GENERATED ALWAYS AS (feature_search_text(properties)) STORED;

-- Same name as before: imports merge its pending list by name (refreshFeatureStatistics).
CREATE INDEX features_search ON features USING gin (search_text gin_trgm_ops);

ANALYZE features;
