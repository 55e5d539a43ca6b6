-- Large layer imports run as jobs (docs/decisions.md#jobs). A job stages the features it has read here in
-- short statements (progress is reported between them, and the embedded database stays free
-- for other requests), then makes the layer and moves the rows into features in one
-- transaction: a job that dies leaves only staged rows, which the next attempt clears.
CREATE TABLE import_rows (
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  geom geometry (Geometry, 4326) NOT NULL,
  properties jsonb NOT NULL,
  PRIMARY KEY (job_id, seq)
);
