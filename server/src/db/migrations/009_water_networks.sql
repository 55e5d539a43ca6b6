-- A map's water network (docs/decisions.md#water-network): which layers are pipes, valves and other nodes, and the
-- snapping tolerance. Layer ids in the arrays cannot carry foreign keys; readers keep only
-- those still on the map, so a deleted or moved layer simply drops out of the network.
CREATE TABLE water_networks (
  map_id integer PRIMARY KEY REFERENCES maps (id) ON DELETE CASCADE,
  pipe_layer_id integer REFERENCES layers (id) ON DELETE SET NULL,
  valve_layer_ids integer[] NOT NULL DEFAULT '{}',
  node_layer_ids integer[] NOT NULL DEFAULT '{}',
  tolerance_m double precision NOT NULL DEFAULT 1 CHECK (tolerance_m > 0 AND tolerance_m <= 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);
