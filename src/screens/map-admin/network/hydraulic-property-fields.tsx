import { useContext } from 'react';
import { FieldError, Input, Label, Text, TextField as AriaTextField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { Layer, WaterNetworkHydraulics } from '@generated/model';
import { Select, type SelectOption } from '@/components/ui/select';
import { ServerErrorsContext } from '@/components/ui/server-errors';

/** The settings that name a feature property the model reads. */
export const PROPERTY_NAMES = [
  'diameter_property',
  'length_property',
  'material_property',
  'roughness_property',
  'pipe_status_property',
  'valve_open_property',
  'valve_operable_property',
  'elevation_property',
  'demand_property',
  'source_kind_property',
  'head_property',
  'tank_level_property',
  'tank_diameter_property',
] as const satisfies readonly (keyof WaterNetworkHydraulics)[];
export type PropertyNameKey = (typeof PROPERTY_NAMES)[number];
export type PropertyNames = Record<PropertyNameKey, string>;

/** Which layers' properties each role's pickers offer. */
export type RoleLayers = {
  pipes: readonly Layer[];
  valves: readonly Layer[];
  nodes: readonly Layer[];
  sources: readonly Layer[];
};

const ROLES: { role: keyof RoleLayers; names: PropertyNameKey[] }[] = [
  {
    role: 'pipes',
    names: [
      'diameter_property',
      'length_property',
      'material_property',
      'roughness_property',
      'pipe_status_property',
    ],
  },
  { role: 'valves', names: ['valve_open_property', 'valve_operable_property'] },
  // Elevation is read from node and source features alike; demand from node features.
  { role: 'nodes', names: ['elevation_property', 'demand_property'] },
  {
    role: 'sources',
    names: ['source_kind_property', 'head_property', 'tank_level_property', 'tank_diameter_property'],
  },
];

/**
 * The properties the role's layers declare, by name. The stored name is offered too when no
 * layer declares it (features may carry it all the same), so the picker never drops it.
 */
export function propertyOptions(layers: readonly Layer[], current: string): SelectOption[] {
  const options = new Map<string, SelectOption>();
  for (const layer of layers)
    for (const property of layer.properties)
      if (!options.has(property.name))
        options.set(property.name, {
          id: property.name,
          label: property.label === property.name ? property.name : `${property.label} (${property.name})`,
        });
  if (current !== '' && !options.has(current)) options.set(current, { id: current, label: current });
  return [...options.values()];
}

/** Values as typed, comma-separated, to the list the server takes. */
export const valuesOf = (text: string): string[] =>
  text
    .split(',')
    .map((value) => value.trim())
    .filter((value) => value !== '');

/** A comma-separated list; the server names the list or one of its items (`name.index`). */
function ValuesField(props: {
  label: string;
  description: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const errors = useContext(ServerErrorsContext);
  const count = valuesOf(props.value).length;
  const keys = [props.name, ...Array.from({ length: count }, (_, index) => `${props.name}.${index}`)];
  const messages = [...new Set(keys.flatMap((key) => errors[key] ?? []))];
  const serverError = messages.length > 0 ? messages.join(' ') : undefined;
  return (
    <AriaTextField
      className="field"
      name={props.name}
      value={props.value}
      onChange={props.onChange}
      isInvalid={serverError !== undefined}
    >
      <Label className="field-label">{props.label}</Label>
      <Input className="field-input" />
      <Text slot="description" className="field-description">
        {props.description}
      </Text>
      <FieldError className="field-error">{serverError}</FieldError>
    </AriaTextField>
  );
}

type Props = {
  names: PropertyNames;
  closedValues: string;
  layers: RoleLayers;
  onNames: (names: PropertyNames) => void;
  onClosedValues: (text: string) => void;
};

/** Which feature property gives each quantity the model needs, grouped by the layers' role. */
export function HydraulicPropertyFields({ names, closedValues, layers, onNames, onClosedValues }: Props) {
  const { t } = useTranslation();
  return (
    <fieldset className="fieldset">
      <legend>{t('water_network_properties.title')}</legend>
      {ROLES.map(({ role, names: keys }) => (
        <fieldset key={role} className="fieldset">
          <legend>{t(`water_network_properties.${role}`)}</legend>
          {keys.map((key) => (
            <Select
              key={key}
              label={t(`water_network_properties.${key}`)}
              name={`hydraulics.${key}`}
              options={propertyOptions(layers[role], names[key])}
              value={names[key] === '' ? null : names[key]}
              onChange={(value) => onNames({ ...names, [key]: value ?? '' })}
            />
          ))}
          {role === 'pipes' ? (
            <ValuesField
              label={t('water_network_properties.closed_pipe_values')}
              description={t('water_network_properties.closed_pipe_values_help')}
              name="hydraulics.closed_pipe_values"
              value={closedValues}
              onChange={onClosedValues}
            />
          ) : null}
        </fieldset>
      ))}
    </fieldset>
  );
}
