-- The stored search text (migration 020) was a generated column: the database worked it out
-- with feature_search_text for every written row, about 7.5 µs a row on the embedded database,
-- some 7 s of a million-point import during which it answered nobody. It is now a plain column
-- kept by a trigger for every write that names the properties (or the text itself), so every
-- write path still gets it without saying so. Only an import's batches skip the trigger (they
-- run with the row triggers off, import-move.ts) and write the text themselves: worked out
-- while reading the file where it can be told for sure (import-search-text.ts), else by the
-- same expression as here.
ALTER TABLE features ALTER COLUMN search_text DROP EXPRESSION;

CREATE FUNCTION features_search_text() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(feature_search_text(NEW.properties));
  RETURN NEW;
END
$$;

CREATE TRIGGER features_search_text BEFORE INSERT OR UPDATE OF properties, search_text ON features
  FOR EACH ROW EXECUTE FUNCTION features_search_text();

-- The text an import worked out for a staged row, where it could (else null).
ALTER TABLE import_rows ADD COLUMN search_text text;
