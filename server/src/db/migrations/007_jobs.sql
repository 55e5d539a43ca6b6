-- Background work (docs/decisions.md#jobs): exports and large imports. Any server instance may run any job:
-- a worker claims one row with FOR UPDATE SKIP LOCKED and holds it by a lease (locked_until)
-- it renews while working; a job whose lease ran out (its instance died) is claimed again.
CREATE TABLE jobs (
  id uuid PRIMARY KEY,
  kind text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress double precision NOT NULL DEFAULT 0 CHECK (progress >= 0 AND progress <= 1),
  payload jsonb NOT NULL DEFAULT '{}',
  result jsonb,
  error text,
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  map_id integer REFERENCES maps (id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  locked_by text,
  locked_until timestamptz,
  -- after this the job's file is deleted and downloads answer 410
  expires_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Claiming scans only claimable rows.
CREATE INDEX jobs_claimable ON jobs (created_at) WHERE status IN ('queued', 'running');
CREATE INDEX jobs_user ON jobs (user_id, created_at DESC);

-- An export is a job of kind 'export'; its wire status names (pending/running/ready/failed)
-- and file fields read from one place.
CREATE VIEW exports AS
SELECT
  j.id,
  j.user_id,
  j.map_id,
  CASE j.status WHEN 'queued' THEN 'pending' WHEN 'done' THEN 'ready' ELSE j.status END AS status,
  j.progress,
  j.payload ->> 'format' AS format,
  j.payload ->> 'file_name' AS file_name,
  (j.result ->> 'size')::bigint AS size,
  j.result ->> 'file' AS file,
  j.error,
  j.expires_at,
  j.created_at
FROM jobs j
WHERE j.kind = 'export';
