import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer, WaterNetworkHydraulics, WaterNetworkHydraulicsInput } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { DecimalFields } from '../shell/decimal-fields';
import { toNumber } from '../shell/numbers';
import {
  HydraulicPropertyFields,
  PROPERTY_NAMES,
  valuesOf,
  type PropertyNames,
} from './hydraulic-property-fields';
import { LayerChecklist } from './layer-checklist';

type RoughnessRow = { key: number; material: string; c: string };

/** The hydraulic settings as typed: numbers stay text until the save reads them. */
export type HydraulicsDraft = {
  source: string | null;
  services: string[];
  baseDemand: string;
  defaultRoughness: string;
  lowPressure: string;
  fireFlowResidual: string;
  roughness: RoughnessRow[];
  /** Which feature property gives each quantity. */
  names: PropertyNames;
  /** Statuses that close a pipe, comma-separated as typed. */
  closedValues: string;
};

export function draftOf(stored: WaterNetworkHydraulics): HydraulicsDraft {
  return {
    source: stored.source_layer_id ? String(stored.source_layer_id) : null,
    services: stored.service_layer_ids.map(String),
    baseDemand: String(stored.base_demand_lps),
    defaultRoughness: String(stored.default_roughness),
    lowPressure: String(stored.low_pressure_m),
    fireFlowResidual: String(stored.fire_flow_residual_bar),
    roughness: stored.roughness.map((entry, index) => ({
      key: index,
      material: entry.material,
      c: String(entry.c),
    })),
    names: Object.fromEntries(PROPERTY_NAMES.map((key) => [key, stored[key]])) as PropertyNames,
    closedValues: stored.closed_pipe_values.join(', '),
  };
}

// An empty or unreadable number goes out as null (NaN serialises so), and the server's 422
// names the field, instead of the form silently keeping the old value.
const numberOf = (text: string) => toNumber(text) ?? Number.NaN;

/** Every setting the form edits. */
export function inputOf(draft: HydraulicsDraft, nodeIds: readonly string[]): WaterNetworkHydraulicsInput {
  return {
    source_layer_id: draft.source === null ? null : Number(draft.source),
    // Only ticked layers that are still node layers: unticking a node layer drops its service role.
    service_layer_ids: draft.services.filter((id) => nodeIds.includes(id)).map(Number),
    base_demand_lps: numberOf(draft.baseDemand),
    default_roughness: numberOf(draft.defaultRoughness),
    low_pressure_m: numberOf(draft.lowPressure),
    fire_flow_residual_bar: numberOf(draft.fireFlowResidual),
    roughness: draft.roughness.map((row) => ({ material: row.material.trim(), c: numberOf(row.c) })),
    ...draft.names,
    closed_pipe_values: valuesOf(draft.closedValues),
  };
}

/** The settings that are one number each: the draft's key, the field the server names, label and help. */
const NUMBER_SETTINGS: readonly {
  key: 'baseDemand' | 'lowPressure' | 'fireFlowResidual' | 'defaultRoughness';
  name: string;
  label: 'base_demand' | 'low_pressure' | 'fire_flow_residual' | 'default_roughness';
  help?: 'low_pressure_help' | 'default_roughness_help';
}[] = [
  { key: 'baseDemand', name: 'hydraulics.base_demand_lps', label: 'base_demand' },
  { key: 'lowPressure', name: 'hydraulics.low_pressure_m', label: 'low_pressure', help: 'low_pressure_help' },
  { key: 'fireFlowResidual', name: 'hydraulics.fire_flow_residual_bar', label: 'fire_flow_residual' },
  {
    key: 'defaultRoughness',
    name: 'hydraulics.default_roughness',
    label: 'default_roughness',
    help: 'default_roughness_help',
  },
];

type Props = {
  draft: HydraulicsDraft;
  onChange: (draft: HydraulicsDraft) => void;
  /** Point layers that play no other role: a layer may be valves, nodes or sources, not two. */
  sourceLayers: readonly Layer[];
  nodeLayers: readonly Layer[];
  /** The layers of each role, whose properties the property pickers offer. */
  pipeLayers: readonly Layer[];
  valveLayers: readonly Layer[];
};

/** How the configured layers become a hydraulic model: sources, demand, thresholds, pipe roughness. */
export function HydraulicsFields({
  draft,
  onChange,
  sourceLayers,
  nodeLayers,
  pipeLayers,
  valveLayers,
}: Props) {
  const { t } = useTranslation();
  // New rows need keys no stored row has, so React keeps each row's inputs apart.
  const [nextKey, setNextKey] = useState(draft.roughness.length);
  const set = (patch: Partial<HydraulicsDraft>) => onChange({ ...draft, ...patch });
  const setRow = (key: number, patch: Partial<RoughnessRow>) =>
    set({ roughness: draft.roughness.map((row) => (row.key === key ? { ...row, ...patch } : row)) });
  const nodeIds = nodeLayers.map((layer) => String(layer.id));
  const source = sourceLayers.filter((layer) => String(layer.id) === draft.source);

  return (
    <fieldset className="fieldset">
      <legend>{t('water_network_hydraulics.title')}</legend>
      <Select
        label={t('water_network_hydraulics.source_layer')}
        name="hydraulics.source_layer_id"
        options={sourceLayers.map((layer) => ({ id: String(layer.id), label: layer.name }))}
        value={draft.source}
        onChange={(source) => set({ source })}
      />
      <LayerChecklist
        label={t('water_network_hydraulics.service_layers')}
        name="hydraulics.service_layer_ids"
        layers={nodeLayers}
        value={draft.services.filter((id) => nodeIds.includes(id))}
        onChange={(services) => set({ services })}
      />
      <DecimalFields
        fields={NUMBER_SETTINGS.map(({ key, name, label, help }) => ({
          label: t(`water_network_hydraulics.${label}`),
          description: help ? t(`water_network_hydraulics.${help}`) : undefined,
          name,
          value: draft[key],
          onChange: (value: string) => set({ [key]: value }),
        }))}
      />
      <fieldset className="fieldset">
        <legend>{t('water_network_hydraulics.roughness_title')}</legend>
        {draft.roughness.map((row, index) => (
          <div key={row.key} className="item-actions">
            <TextField
              label={t('water_network_hydraulics.material', { row: index + 1 })}
              name={`hydraulics.roughness.${index}.material`}
              value={row.material}
              onChange={(material) => setRow(row.key, { material })}
            />
            <TextField
              label={t('water_network_hydraulics.c', { row: index + 1 })}
              name={`hydraulics.roughness.${index}.c`}
              inputMode="decimal"
              value={row.c}
              onChange={(c) => setRow(row.key, { c })}
            />
            <Button
              variant="secondary"
              onPress={() => set({ roughness: draft.roughness.filter((other) => other.key !== row.key) })}
            >
              {t('water_network_hydraulics.remove_row', { row: index + 1 })}
            </Button>
          </div>
        ))}
        <div className="item-actions">
          <Button
            variant="secondary"
            onPress={() => {
              set({ roughness: [...draft.roughness, { key: nextKey, material: '', c: '' }] });
              setNextKey(nextKey + 1);
            }}
          >
            {t('water_network_hydraulics.add_row')}
          </Button>
        </div>
      </fieldset>
      <HydraulicPropertyFields
        names={draft.names}
        closedValues={draft.closedValues}
        layers={{
          pipes: pipeLayers,
          valves: valveLayers,
          // Elevations are read from sources too.
          nodes: [...nodeLayers, ...source],
          sources: source,
        }}
        onNames={(names) => set({ names })}
        onClosedValues={(closedValues) => set({ closedValues })}
      />
    </fieldset>
  );
}
