-- The embedded server keeps maps with their layers in memory (server/src/maps/map-cache.ts), so
-- a features page, a tile or an OGC API request asks the database nothing about the map it is
-- on. Every change to a map or a layer row announces itself on `atlasboard_maps` with the map's
-- id ('m:<id>'), whoever makes it: a feature change moves its layer's version, count and
-- extent, which is a layer change too. '*' (TRUNCATE) drops everything held.
CREATE FUNCTION notify_map_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'maps' THEN
    PERFORM pg_notify('atlasboard_maps', 'm:' || OLD.id);
  ELSE
    IF TG_OP <> 'INSERT' THEN
      PERFORM pg_notify('atlasboard_maps', 'm:' || OLD.map_id);
    END IF;
    IF TG_OP <> 'DELETE' THEN
      PERFORM pg_notify('atlasboard_maps', 'm:' || NEW.map_id);
    END IF;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER maps_notify_map AFTER UPDATE OR DELETE ON maps
  FOR EACH ROW EXECUTE FUNCTION notify_map_change();

CREATE TRIGGER layers_notify_map AFTER INSERT OR UPDATE OR DELETE ON layers
  FOR EACH ROW EXECUTE FUNCTION notify_map_change();

CREATE FUNCTION notify_map_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('atlasboard_maps', '*');
  RETURN NULL;
END;
$$;

CREATE TRIGGER maps_notify_map_truncate AFTER TRUNCATE ON maps
  FOR EACH STATEMENT EXECUTE FUNCTION notify_map_truncate();

CREATE TRIGGER layers_notify_map_truncate AFTER TRUNCATE ON layers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_map_truncate();
