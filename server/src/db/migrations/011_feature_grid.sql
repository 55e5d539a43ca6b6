-- Low zooms of big point layers: one kept feature per grid cell and zoom, built per layer
-- version (server/src/tiles/feature-grid.ts), so a tile reads its cells instead of thinning
-- every point under it. Cells are whole pixels counted from the world's top left at zoom z;
-- the geometry and attributes are read from features, so a deleted feature drops out of a
-- grid built before the delete and a moved one is drawn where it is now.
CREATE TABLE feature_grid (
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  version bigint NOT NULL,
  z smallint NOT NULL,
  cx integer NOT NULL,
  cy integer NOT NULL,
  -- the lowest id in the cell, as request-time thinning keeps
  feature_id integer NOT NULL,
  -- how many features the cell holds
  n integer NOT NULL,
  PRIMARY KEY (layer_id, version, z, cx, cy)
);

-- A row here means the grid of that version is complete (it is written in the same transaction).
CREATE TABLE feature_grid_builds (
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  version bigint NOT NULL,
  built_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (layer_id, version)
);
