-- The table's search box finds a feature by part of any of its property values. A trigram
-- index on all the values of a feature as one text narrows that down to a few rows; the
-- search still checks each value on its own, so a match across two values never counts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- IMMUTABLE so it can be indexed: it reads nothing but its argument. The values are
-- joined by a newline in key order (jsonb keeps keys sorted), NULLs left out.
CREATE FUNCTION feature_search_text(properties jsonb) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(value, E'\n'), '') FROM jsonb_each_text(properties)
$$;

CREATE INDEX features_search ON features USING gin (feature_search_text(properties) gin_trgm_ops);

-- Planner statistics for layers imported before imports refreshed them (the embedded
-- database has no autovacuum): without them a big layer's pages and filters were full scans.
ANALYZE features;
