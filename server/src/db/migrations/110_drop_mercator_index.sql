-- Tiles pick their rows with the GiST index on `geom` over the tile's box taken back to
-- longitude and latitude (server/src/tiles/tile-query.ts), so the index of every geometry
-- transformed to web mercator is read by nothing, while every written row paid for a transform
-- and an index entry: with it, importing a million points took half as long again.
DROP INDEX IF EXISTS features_geom_3857;
