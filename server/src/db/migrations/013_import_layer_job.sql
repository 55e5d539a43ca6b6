-- A large import fills its layer in many short transactions, so requests are served
-- between them. Until the last one the layer carries the job that fills it and every layer read
-- skips it; an attempt that died leaves such a layer, which the job's next attempt deletes.
ALTER TABLE layers ADD COLUMN import_job_id uuid REFERENCES jobs (id) ON DELETE CASCADE;
CREATE INDEX layers_import_job ON layers (import_job_id) WHERE import_job_id IS NOT NULL;
