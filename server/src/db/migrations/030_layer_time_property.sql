-- A layer's time property: the date property OGC `datetime` filters on (null: none).
ALTER TABLE layers ADD COLUMN time_property text;

-- A stored date value as the span of time it names, for `datetime`: a date is its whole day
-- (UTC), a date-time the instant (UTC when it names no offset). Null for anything that does not
-- read as one (values stored before a property became a date), so a filter never fails on them.
CREATE FUNCTION feature_time_span(value text) RETURNS tstzrange LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  start timestamptz;
BEGIN
  IF value IS NULL OR value !~ '^\d{4}-\d{2}-\d{2}' THEN
    RETURN NULL;
  END IF;
  IF value ~ '^\d{4}-\d{2}-\d{2}$' THEN
    start := value::date::timestamp AT TIME ZONE 'UTC';
    RETURN tstzrange(start, start + interval '1 day', '[)');
  END IF;
  IF value ~ '(Z|[+-]\d{2}:\d{2})$' THEN
    start := value::timestamptz;
  ELSE
    start := value::timestamp AT TIME ZONE 'UTC';
  END IF;
  RETURN tstzrange(start, start, '[]');
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$;
