-- Hydraulic settings of a map's water network: the source layer, service layers,
-- property names, roughness table and thresholds, as one JSON object merged over the defaults
-- in code (hydraulic-settings.ts), so a new setting needs no migration. Layer ids inside it are
-- kept only while the layer is still on the map, like the arrays of 009.
ALTER TABLE water_networks ADD COLUMN hydraulics jsonb NOT NULL DEFAULT '{}'::jsonb;
