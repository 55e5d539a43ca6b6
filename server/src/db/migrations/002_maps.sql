-- Maps domain (docs/decisions.md#maps). Column names are the wire names, so rows map to the document
-- with little more than timestamp formatting. Everything under a map goes with it.

CREATE TABLE maps (
  id serial PRIMARY KEY,
  title text NOT NULL,
  description text,
  -- [lon, lat]
  center jsonb NOT NULL DEFAULT '[0, 0]',
  zoom double precision NOT NULL DEFAULT 2,
  rotation double precision NOT NULL DEFAULT 0,
  basemap text NOT NULL DEFAULT 'offline',
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The layer tree's folders. Deleting a folder deletes its sub-folders; their layers stay, uncategorised.
CREATE TABLE categories (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  name text NOT NULL,
  parent_id integer REFERENCES categories (id) ON DELETE CASCADE,
  "order" integer NOT NULL DEFAULT 0
);
CREATE INDEX categories_map ON categories (map_id);

CREATE TABLE layers (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  category_id integer REFERENCES categories (id) ON DELETE SET NULL,
  name text NOT NULL,
  type text NOT NULL CHECK (type IN ('vector', 'xyz', 'wms', 'geojson_url', '3d_tiles')),
  geometry_type text CHECK (
    geometry_type IN ('Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon')
  ),
  -- {url, layers, format} for remote types, null for vector
  source jsonb,
  -- {stroke_color, stroke_width, fill_color, point_radius, label_property}
  style jsonb NOT NULL,
  visible boolean NOT NULL DEFAULT true,
  opacity double precision NOT NULL DEFAULT 1,
  min_zoom double precision,
  max_zoom double precision,
  "order" integer NOT NULL DEFAULT 0,
  -- the attribute schema: [{name, label, type, required, options}]
  properties jsonb NOT NULL DEFAULT '[]',
  -- kept by the feature triggers below, never by hand
  features_count integer NOT NULL DEFAULT 0,
  extent_box box2d,
  -- bumped by every feature change: the vector tiles' ETag
  version bigint NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX layers_map ON layers (map_id, "order");

CREATE TABLE features (
  id serial PRIMARY KEY,
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  geom geometry (Geometry, 4326),
  properties jsonb NOT NULL DEFAULT '{}',
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  updated_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- (layer_id, id) serves keyset paging of a layer without OFFSET scans.
CREATE INDEX features_layer_id ON features (layer_id, id);
CREATE INDEX features_geom ON features USING gist (geom);
-- Tiles select in web mercator: the index is on the same expression the tile query uses.
CREATE INDEX features_geom_3857 ON features USING gist (ST_Transform(geom, 3857));

-- Layer counts, extents and tile versions follow feature changes, whichever code makes them.
CREATE FUNCTION layer_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE layers l SET features_count = l.features_count + s.n,
    extent_box = CASE WHEN l.extent_box IS NULL THEN s.box WHEN s.box IS NULL THEN l.extent_box
      ELSE Box2D(ST_Collect(l.extent_box::geometry, s.box::geometry)) END,
    version = l.version + 1
  FROM (SELECT layer_id, count(*)::int AS n, ST_Extent(geom) AS box FROM new_rows GROUP BY layer_id) s
  WHERE l.id = s.layer_id;
  RETURN NULL;
END;
$$;

CREATE FUNCTION layer_stats_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE layers l SET
    extent_box = CASE WHEN l.extent_box IS NULL THEN s.box WHEN s.box IS NULL THEN l.extent_box
      ELSE Box2D(ST_Collect(l.extent_box::geometry, s.box::geometry)) END,
    version = l.version + 1
  FROM (SELECT layer_id, ST_Extent(geom) AS box FROM new_rows GROUP BY layer_id) s
  WHERE l.id = s.layer_id;
  UPDATE layers l SET features_count = l.features_count - s.n, version = l.version + 1
  FROM (
    SELECT o.layer_id, count(*)::int AS n FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.layer_id <> o.layer_id GROUP BY o.layer_id
  ) s
  WHERE l.id = s.layer_id;
  UPDATE layers l SET features_count = l.features_count + s.n
  FROM (
    SELECT n.layer_id, count(*)::int AS n FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.layer_id <> o.layer_id GROUP BY n.layer_id
  ) s
  WHERE l.id = s.layer_id;
  RETURN NULL;
END;
$$;

-- The extent does not shrink on delete (recomputing it would scan the layer); it is refreshed
-- when a layer empties.
CREATE FUNCTION layer_stats_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE layers l SET features_count = greatest(l.features_count - s.n, 0),
    extent_box = CASE WHEN l.features_count - s.n <= 0 THEN NULL ELSE l.extent_box END,
    version = l.version + 1
  FROM (SELECT layer_id, count(*)::int AS n FROM old_rows GROUP BY layer_id) s
  WHERE l.id = s.layer_id;
  RETURN NULL;
END;
$$;

CREATE TRIGGER features_stats_insert AFTER INSERT ON features
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION layer_stats_after_insert();
CREATE TRIGGER features_stats_update AFTER UPDATE ON features
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION layer_stats_after_update();
CREATE TRIGGER features_stats_delete AFTER DELETE ON features
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION layer_stats_after_delete();

-- History of features and their files. No foreign key to features: the history of a
-- deleted feature stays readable.
CREATE TABLE feature_audits (
  id serial PRIMARY KEY,
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  auditable_id integer NOT NULL,
  event text NOT NULL CHECK (event IN ('created', 'updated', 'deleted', 'file_added', 'file_deleted')),
  old_values jsonb,
  new_values jsonb,
  user_id integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feature_audits_feature ON feature_audits (auditable_id, id DESC);

CREATE TABLE feature_files (
  id serial PRIMARY KEY,
  feature_id integer NOT NULL REFERENCES features (id) ON DELETE CASCADE,
  name text NOT NULL,
  mime_type text NOT NULL,
  size integer NOT NULL,
  storage_type text NOT NULL DEFAULT 'local' CHECK (storage_type IN ('local', 's3')),
  -- where the bytes are, relative to the storage root (DATA_DIR/files for local)
  storage_key text NOT NULL,
  created_by integer REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX feature_files_feature ON feature_files (feature_id);

CREATE TABLE searches (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  name text NOT NULL,
  -- [property names]
  fields jsonb NOT NULL DEFAULT '[]',
  operator text NOT NULL CHECK (operator IN ('contains', 'equals', 'starts_with')),
  "order" integer NOT NULL DEFAULT 0
);
CREATE INDEX searches_map ON searches (map_id);

CREATE TABLE main_searches (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  label text NOT NULL,
  fields jsonb NOT NULL DEFAULT '[]',
  display_field text NOT NULL,
  "order" integer NOT NULL DEFAULT 0
);
CREATE INDEX main_searches_map ON main_searches (map_id);

CREATE TABLE filters (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  name text NOT NULL,
  property text NOT NULL,
  type text NOT NULL CHECK (type IN ('select', 'multiselect', 'range', 'date_range', 'text', 'boolean')),
  options jsonb,
  "order" integer NOT NULL DEFAULT 0
);
CREATE INDEX filters_map ON filters (map_id);

CREATE TABLE bookmarks (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  name text NOT NULL,
  center jsonb NOT NULL,
  zoom double precision NOT NULL,
  rotation double precision NOT NULL DEFAULT 0,
  visible_layer_ids jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX bookmarks_map_user ON bookmarks (map_id, user_id);

CREATE TABLE layer_relations (
  id serial PRIMARY KEY,
  parent_layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  child_layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  rule text NOT NULL CHECK (rule IN ('spatial', 'manual')),
  tolerance_m double precision,
  UNIQUE (parent_layer_id, child_layer_id),
  CHECK (parent_layer_id <> child_layer_id)
);
CREATE INDEX layer_relations_child ON layer_relations (child_layer_id);

CREATE TABLE feature_links (
  relation_id integer NOT NULL REFERENCES layer_relations (id) ON DELETE CASCADE,
  parent_feature_id integer NOT NULL REFERENCES features (id) ON DELETE CASCADE,
  child_feature_id integer NOT NULL REFERENCES features (id) ON DELETE CASCADE,
  PRIMARY KEY (relation_id, parent_feature_id, child_feature_id)
);
CREATE INDEX feature_links_child ON feature_links (child_feature_id);
