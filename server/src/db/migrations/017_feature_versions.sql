-- Feature versions, restore and split. A feature's versions are its history rows that
-- change its values (created, updated, deleted), numbered 1, 2, 3... per feature. A history
-- that does not start with `created` (demo and imported features) starts at 2: version 1 is
-- the feature as it was loaded, before any recorded change.
ALTER TABLE feature_audits
  ADD COLUMN version integer,
  ADD COLUMN restored_version integer,
  ADD COLUMN source_feature_id integer,
  ADD COLUMN source_version integer;

UPDATE feature_audits a SET version = n.v
FROM (
  SELECT id, (row_number() OVER w + CASE WHEN first_value(event) OVER w = 'created' THEN 0 ELSE 1 END)::int AS v
  FROM feature_audits WHERE event IN ('created', 'updated', 'deleted')
  WINDOW w AS (PARTITION BY auditable_id ORDER BY id)
) n
WHERE a.id = n.id;

-- Numbered as they are written, whichever code writes them (edits, selections, files, imports).
-- Edits of one feature wait for each other on its row (FOR UPDATE), so the numbers follow
-- the order of the commits; rows written by one statement see the ones before them.
CREATE FUNCTION feature_audit_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.event IN ('created', 'updated', 'deleted') AND NEW.version IS NULL THEN
    SELECT coalesce(max(version), CASE WHEN NEW.event = 'created' THEN 0 ELSE 1 END) + 1 INTO NEW.version
    FROM feature_audits WHERE auditable_id = NEW.auditable_id AND version IS NOT NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER feature_audit_version BEFORE INSERT ON feature_audits
  FOR EACH ROW EXECUTE FUNCTION feature_audit_version();

-- A layer's deleted features, newest first, for the "recently deleted" list.
CREATE INDEX feature_audits_deleted ON feature_audits (layer_id, id DESC) WHERE event = 'deleted';

-- What a deletion keeps so the feature can come back whole: its attachments (the bytes stay
-- on disk under the same key) and its links to related features. Gone with the layer.
CREATE TABLE deleted_feature_files (
  id integer PRIMARY KEY,
  feature_id integer NOT NULL,
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL,
  storage_type text NOT NULL,
  storage_key text NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX deleted_feature_files_feature ON deleted_feature_files (feature_id);
CREATE INDEX deleted_feature_files_layer ON deleted_feature_files (layer_id);

CREATE TABLE deleted_feature_links (
  deleted_feature_id integer NOT NULL,
  relation_id integer NOT NULL REFERENCES layer_relations (id) ON DELETE CASCADE,
  parent_feature_id integer NOT NULL,
  child_feature_id integer NOT NULL,
  PRIMARY KEY (deleted_feature_id, relation_id, parent_feature_id, child_feature_id)
);
CREATE INDEX deleted_feature_links_relation ON deleted_feature_links (relation_id);
