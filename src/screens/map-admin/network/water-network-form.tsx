import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  getGetWaterNetworkQueryKey,
  useUpdateWaterNetwork,
} from '@generated/api/water-network/water-network';
import type { Layer } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast';
import { useForm } from '@/lib/use-form';
import { mapCall } from '../shell/map-call';
import { toNumber } from '../shell/numbers';
import { LayerChecklist } from './layer-checklist';
import { draftOf, HydraulicsFields, inputOf } from './water-network-hydraulics';
import type { WaterNetworkSectionProps } from './water-network-section';

const isLine = (layer: Layer) => layer.type === 'vector' && /LineString/.test(layer.geometry_type ?? '');
const isPoint = (layer: Layer) => layer.type === 'vector' && /Point/.test(layer.geometry_type ?? '');

/** Which layers form the map's water network, and how close ends must lie to join. */
export function WaterNetworkForm({ mapId, layers, config }: WaterNetworkSectionProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateWaterNetwork();
  const form = useForm(() => ({
    pipe: config.pipe_layer_id ? String(config.pipe_layer_id) : null,
    valves: config.valve_layer_ids.map(String),
    nodes: config.node_layer_ids.map(String),
    tolerance: String(config.tolerance_m),
    hydraulics: draftOf(config.hydraulics),
  }));
  const { pipe, valves, nodes, hydraulics } = form.values;
  const points = layers.filter(isPoint);

  const save = form.onSubmit(async (values) => {
    const answer = await mapCall(() =>
      update.mutateAsync({
        id: mapId,
        data: {
          pipe_layer_id: Number(values.pipe ?? 0),
          valve_layer_ids: values.valves.map(Number),
          node_layer_ids: values.nodes.map(Number),
          tolerance_m: toNumber(values.tolerance) ?? 0,
          hydraulics: inputOf(values.hydraulics, values.nodes),
        },
      }),
    );
    queryClient.setQueryData(getGetWaterNetworkQueryKey(mapId), answer);
    showToast(t('water_network.admin.saved'));
  });

  return (
    <section className="panel" aria-labelledby="water-network-config-title">
      <h3 id="water-network-config-title">{t('water_network.admin.config_title')}</h3>
      <Form label={t('water_network.admin.config_title')} form={form} onSubmit={save}>
        <Select
          label={t('water_network.admin.pipe_layer')}
          name="pipe_layer_id"
          isRequired
          options={layers.filter(isLine).map((layer) => ({ id: String(layer.id), label: layer.name }))}
          value={pipe}
          onChange={form.setter('pipe')}
        />
        <LayerChecklist
          label={t('water_network.admin.valve_layers')}
          name="valve_layer_ids"
          layers={points}
          value={valves}
          onChange={(next) =>
            // A layer plays one role: ticking it as valves unticks it as other nodes.
            form.patch({ valves: next, nodes: nodes.filter((id) => !next.includes(id)) })
          }
        />
        <LayerChecklist
          label={t('water_network.admin.node_layers')}
          name="node_layer_ids"
          layers={points}
          value={nodes}
          onChange={(next) => form.patch({ nodes: next, valves: valves.filter((id) => !next.includes(id)) })}
        />
        <TextField
          label={t('water_network.admin.tolerance')}
          description={t('water_network.admin.tolerance_help')}
          inputMode="decimal"
          {...form.field('tolerance', 'tolerance_m')}
        />
        <HydraulicsFields
          draft={hydraulics}
          onChange={form.setter('hydraulics')}
          sourceLayers={points.filter((layer) => ![...valves, ...nodes].includes(String(layer.id)))}
          nodeLayers={points.filter((layer) => nodes.includes(String(layer.id)))}
          pipeLayers={layers.filter((layer) => String(layer.id) === pipe)}
          valveLayers={points.filter((layer) => valves.includes(String(layer.id)))}
        />
        <div className="item-actions">
          <Button type="submit" isPending={form.isSubmitting}>
            {t('water_network.admin.save')}
          </Button>
        </div>
      </Form>
    </section>
  );
}
