-- Where each widget sits on the full-window dashboard: a 12-column grid, x and w in columns, y
-- and h in rows. Widgets that exist already go two to a row in their order.
ALTER TABLE dashboard_widgets
  ADD COLUMN layout_x integer NOT NULL DEFAULT 0 CHECK (layout_x BETWEEN 0 AND 11),
  ADD COLUMN layout_y integer NOT NULL DEFAULT 0 CHECK (layout_y BETWEEN 0 AND 1000),
  ADD COLUMN layout_w integer NOT NULL DEFAULT 6 CHECK (layout_w BETWEEN 1 AND 12),
  ADD COLUMN layout_h integer NOT NULL DEFAULT 4 CHECK (layout_h BETWEEN 1 AND 12),
  ADD CONSTRAINT dashboard_widgets_layout_fits CHECK (layout_x + layout_w <= 12);

UPDATE dashboard_widgets AS w
SET layout_x = (ranked.at % 2) * 6, layout_y = (ranked.at / 2) * 4
FROM (
  SELECT id, (row_number() OVER (PARTITION BY map_id ORDER BY "order", id) - 1)::integer AS at
  FROM dashboard_widgets
) AS ranked
WHERE ranked.id = w.id;
