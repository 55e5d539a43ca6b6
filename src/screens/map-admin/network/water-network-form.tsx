import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getGetWaterNetworkQueryKey,
  useUpdateWaterNetwork,
} from '../../../../generated/api/water-network/water-network';
import type { Layer, WaterNetworkConfig } from '../../../../generated/model';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { Select } from '../../../components/ui/select';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toast';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { mapCall } from '../shell/map-call';
import { toNumber } from '../shell/numbers';
import { LayerChecklist } from './layer-checklist';
import { draftOf, HydraulicsFields, inputOf } from './water-network-hydraulics';

const isLine = (layer: Layer) => layer.type === 'vector' && /LineString/.test(layer.geometry_type ?? '');
const isPoint = (layer: Layer) => layer.type === 'vector' && /Point/.test(layer.geometry_type ?? '');

/** Which layers form the map's water network, and how close ends must lie to join. */
export function WaterNetworkForm({
  mapId,
  layers,
  config,
}: {
  mapId: number;
  layers: readonly Layer[];
  config: WaterNetworkConfig;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateWaterNetwork();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const [pipe, setPipe] = useState<string | null>(config.pipe_layer_id ? String(config.pipe_layer_id) : null);
  const [valves, setValves] = useState(config.valve_layer_ids.map(String));
  const [nodes, setNodes] = useState(config.node_layer_ids.map(String));
  const [tolerance, setTolerance] = useState(String(config.tolerance_m));
  const [hydraulics, setHydraulics] = useState(() => draftOf(config.hydraulics));
  const points = layers.filter(isPoint);

  const save = () =>
    submit(async () => {
      const answer = await mapCall(() =>
        update.mutateAsync({
          id: mapId,
          data: {
            pipe_layer_id: Number(pipe ?? 0),
            valve_layer_ids: valves.map(Number),
            node_layer_ids: nodes.map(Number),
            tolerance_m: toNumber(tolerance) ?? 0,
            hydraulics: inputOf(hydraulics, nodes),
          },
        }),
      );
      queryClient.setQueryData(getGetWaterNetworkQueryKey(mapId), answer);
      showToast(t('water_network.admin.saved'));
    });

  return (
    <section className="panel" aria-labelledby="water-network-config-title">
      <h3 id="water-network-config-title">{t('water_network.admin.config_title')}</h3>
      <Form
        label={t('water_network.admin.config_title')}
        errors={errors}
        failure={failure}
        onSubmit={() => void save()}
      >
        <Select
          label={t('water_network.admin.pipe_layer')}
          name="pipe_layer_id"
          isRequired
          options={layers.filter(isLine).map((layer) => ({ id: String(layer.id), label: layer.name }))}
          value={pipe}
          onChange={setPipe}
        />
        <LayerChecklist
          label={t('water_network.admin.valve_layers')}
          name="valve_layer_ids"
          layers={points}
          value={valves}
          onChange={(next) => {
            setValves(next);
            // A layer plays one role: ticking it as valves unticks it as other nodes.
            setNodes(nodes.filter((id) => !next.includes(id)));
          }}
        />
        <LayerChecklist
          label={t('water_network.admin.node_layers')}
          name="node_layer_ids"
          layers={points}
          value={nodes}
          onChange={(next) => {
            setNodes(next);
            setValves(valves.filter((id) => !next.includes(id)));
          }}
        />
        <TextField
          label={t('water_network.admin.tolerance')}
          description={t('water_network.admin.tolerance_help')}
          name="tolerance_m"
          inputMode="decimal"
          value={tolerance}
          onChange={setTolerance}
        />
        <HydraulicsFields
          draft={hydraulics}
          onChange={setHydraulics}
          sourceLayers={points.filter((layer) => ![...valves, ...nodes].includes(String(layer.id)))}
          nodeLayers={points.filter((layer) => nodes.includes(String(layer.id)))}
          pipeLayers={layers.filter((layer) => String(layer.id) === pipe)}
          valveLayers={points.filter((layer) => valves.includes(String(layer.id)))}
        />
        <div className="item-actions">
          <Button type="submit" isPending={isSubmitting}>
            {t('water_network.admin.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
