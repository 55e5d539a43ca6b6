import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCheckWaterNetwork } from '@generated/api/water-network/water-network';
import type { Feature, WaterNetworkCheck } from '@generated/model';
import { Button } from '@/components/ui/button';
import { featureLabel } from '@/lib/feature-label';
import { featuresById, useFeaturesById } from '@/lib/features-by-id';
import { featureExtent } from '@/map';
import { mapCall } from '../shell/map-call';
import { mapPaths } from '../shell/map-paths';
import type { WaterNetworkSectionProps } from './water-network-section';

/** Problem lists longer than this show their first entries and a count. */
const SHOWN = 50;

type Problem = { key: string; featureId: number; layerIds: number[]; text: string; near?: [number, number] };

/** Opens the viewer focused on one feature, the way the feature table's "show on map" does. */
function useShowOnMap(mapId: number) {
  const navigate = useNavigate();
  return async (problem: Problem) => {
    let feature;
    for (const layerId of problem.layerIds) {
      feature = (await featuresById(mapId, layerId, [problem.featureId])).get(problem.featureId);
      if (feature) break;
    }
    const extent =
      (feature && featureExtent(feature)) ??
      (problem.near ? [problem.near[0], problem.near[1], problem.near[0], problem.near[1]] : null);
    void navigate(mapPaths.viewer(mapId), {
      state: {
        focus: {
          layerId: feature?.layer_id ?? problem.layerIds[0],
          featureId: problem.featureId,
          properties: feature?.properties ?? {},
          extent,
        },
      },
    });
  };
}

function ProblemList({ mapId, title, problems }: { mapId: number; title: string; problems: Problem[] }) {
  const { t } = useTranslation();
  const showOnMap = useShowOnMap(mapId);
  if (problems.length === 0) return null;
  return (
    <section aria-label={title}>
      <h4>
        {title} ({problems.length})
      </h4>
      <ul className="part-list">
        {problems.slice(0, SHOWN).map((problem) => (
          <li key={problem.key} className="part-row" aria-label={problem.text}>
            <span>{problem.text}</span>
            <Button variant="secondary" onPress={() => void showOnMap(problem)}>
              {t('water_network.admin.show_on_map')}
            </Button>
          </li>
        ))}
      </ul>
      {problems.length > SHOWN ? (
        <p className="item-meta">{t('water_network.admin.more', { count: problems.length - SHOWN })}</p>
      ) : null}
    </section>
  );
}

function CheckResult({
  mapId,
  layers,
  config,
  check,
}: WaterNetworkSectionProps & { check: WaterNetworkCheck }) {
  const { t } = useTranslation();
  const pipeLayerIds = config.pipe_layer_id ? [config.pipe_layer_id] : [];
  const nodeLayerIds = [...config.valve_layer_ids, ...config.node_layer_ids];
  const danglingIds = check.dangling.slice(0, SHOWN).map((entry) => entry.pipe_id);
  const pipes = useFeaturesById(mapId, pipeLayerIds, danglingIds);
  const nodes = useFeaturesById(mapId, nodeLayerIds, check.unconnected_node_ids.slice(0, SHOWN));
  const name = (named: Map<number, Feature> | undefined, id: number) => {
    const feature = named?.get(id);
    return featureLabel(
      layers.find((layer) => layer.id === feature?.layer_id),
      feature,
      id,
    );
  };
  const dangling: Problem[] = check.dangling.map((entry) => ({
    key: `dangling-${entry.pipe_id}-${entry.near_pipe_id}`,
    featureId: entry.pipe_id,
    layerIds: pipeLayerIds,
    text: t('water_network.admin.dangling_text', {
      pipe: name(pipes.data, entry.pipe_id),
      id: entry.pipe_id,
      distance: entry.distance_m.toFixed(1),
      near: entry.near_pipe_id,
    }),
    near: [entry.point.coordinates[0] ?? 0, entry.point.coordinates[1] ?? 0],
  }));
  const unconnected: Problem[] = check.unconnected_node_ids.map((id) => ({
    key: `node-${id}`,
    featureId: id,
    layerIds: nodeLayerIds,
    text: t('water_network.admin.node_text', { node: name(nodes.data, id), id }),
  }));
  // The largest part is the network itself; every other part is cut off from it.
  const parts: Problem[] = check.components.slice(1).map((component) => ({
    key: `part-${component.id}`,
    featureId: component.pipe_ids[0] ?? 0,
    layerIds: pipeLayerIds,
    text: t('water_network.admin.part_text', { id: component.id, count: component.pipe_ids.length }),
  }));
  const clean = dangling.length + unconnected.length + parts.length === 0;
  return (
    <div className="water-network-check" role="region" aria-label={t('water_network.admin.result')}>
      <p>
        {t('water_network.admin.summary', {
          pipes: check.pipes_count,
          nodes: check.nodes_count,
          parts: check.components.length,
        })}
      </p>
      {clean ? <p>{t('water_network.admin.clean')}</p> : null}
      <ProblemList mapId={mapId} title={t('water_network.admin.dangling')} problems={dangling} />
      <ProblemList mapId={mapId} title={t('water_network.admin.unconnected')} problems={unconnected} />
      <ProblemList mapId={mapId} title={t('water_network.admin.parts')} problems={parts} />
    </div>
  );
}

/** The topology check: run it, then list what it found with a way to see each on the map. */
export function WaterNetworkCheckPanel({ mapId, layers, config }: WaterNetworkSectionProps) {
  const { t } = useTranslation();
  const check = useCheckWaterNetwork();
  const [result, setResult] = useState<WaterNetworkCheck | null>(null);
  const run = async () => {
    setResult(null);
    const answer = await mapCall(() => check.mutateAsync({ id: mapId }));
    setResult(answer.data);
  };
  return (
    <section className="panel" aria-labelledby="water-network-check-title">
      <h3 id="water-network-check-title">{t('water_network.admin.check_title')}</h3>
      <p className="item-meta">{t('water_network.admin.check_help')}</p>
      <Button
        isDisabled={!config.pipe_layer_id}
        isPending={check.isPending}
        onPress={() => void run().catch(() => undefined)}
      >
        {t('water_network.admin.run_check')}
      </Button>
      {check.isError ? (
        <p role="alert" className="form-failure">
          {t('water_network.admin.check_failed')}
        </p>
      ) : null}
      {result ? <CheckResult mapId={mapId} layers={layers} config={config} check={result} /> : null}
    </section>
  );
}
