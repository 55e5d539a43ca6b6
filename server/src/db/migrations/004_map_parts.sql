-- The viewer's search box finds a layer's features through "the main search entry of that
-- layer" (searchMainFeatures takes only a layer_id), so a layer has at most one entry.
CREATE UNIQUE INDEX main_searches_layer ON main_searches (layer_id);
