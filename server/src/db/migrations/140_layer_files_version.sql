-- Attachments do not move a layer's version (its tiles, pages and point index do not carry
-- them), yet the filters panel lists each feature's files. `files_version` moves with every
-- change to the files of a layer's features, whoever makes it, so a server may keep a layer's
-- attachments beside its point index and tell from the layer's row, read with the map, whether
-- they are still the same (server/src/features/layer-files.ts). A file whose feature is gone
-- bumps nothing: the feature's own deletion moved the layer's version.
ALTER TABLE layers ADD COLUMN files_version bigint NOT NULL DEFAULT 1;

CREATE FUNCTION layer_files_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE layers SET files_version = files_version + 1;
  ELSIF TG_OP = 'INSERT' THEN
    UPDATE layers l SET files_version = l.files_version + 1
    WHERE l.id IN (SELECT ft.layer_id FROM features ft WHERE ft.id IN (SELECT feature_id FROM new_files));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE layers l SET files_version = l.files_version + 1
    WHERE l.id IN (SELECT ft.layer_id FROM features ft WHERE ft.id IN (SELECT feature_id FROM old_files));
  ELSE
    UPDATE layers l SET files_version = l.files_version + 1
    WHERE l.id IN (
      SELECT ft.layer_id FROM features ft
      WHERE ft.id IN (SELECT feature_id FROM new_files UNION SELECT feature_id FROM old_files)
    );
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER feature_files_version_insert AFTER INSERT ON feature_files
  REFERENCING NEW TABLE AS new_files FOR EACH STATEMENT EXECUTE FUNCTION layer_files_after_change();

CREATE TRIGGER feature_files_version_update AFTER UPDATE ON feature_files
  REFERENCING OLD TABLE AS old_files NEW TABLE AS new_files
  FOR EACH STATEMENT EXECUTE FUNCTION layer_files_after_change();

CREATE TRIGGER feature_files_version_delete AFTER DELETE ON feature_files
  REFERENCING OLD TABLE AS old_files FOR EACH STATEMENT EXECUTE FUNCTION layer_files_after_change();

CREATE TRIGGER feature_files_version_truncate AFTER TRUNCATE ON feature_files
  FOR EACH STATEMENT EXECUTE FUNCTION layer_files_after_change();
