-- A map's dashboard widgets (docs/decisions.md#dashboards): each one an aggregation of one layer
-- (its grouping, metrics, own filters and limit as the aggregate operation takes them), drawn as
-- a counter, chart or table, following the viewer (`map`) or the whole layer (`layer`).
CREATE TABLE dashboard_widgets (
  id serial PRIMARY KEY,
  map_id integer NOT NULL REFERENCES maps (id) ON DELETE CASCADE,
  layer_id integer NOT NULL REFERENCES layers (id) ON DELETE CASCADE,
  title text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('counter', 'category', 'histogram', 'time', 'table')),
  chart text NOT NULL DEFAULT 'bar' CHECK (chart IN ('bar', 'pie')),
  scope text NOT NULL DEFAULT 'map' CHECK (scope IN ('map', 'layer')),
  group_by jsonb,
  metrics jsonb NOT NULL,
  filters jsonb NOT NULL DEFAULT '[]',
  "limit" integer NOT NULL DEFAULT 20,
  "order" integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dashboard_widgets_map ON dashboard_widgets (map_id, "order", id);
CREATE INDEX dashboard_widgets_layer ON dashboard_widgets (layer_id);
