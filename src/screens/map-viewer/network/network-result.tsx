import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Feature, Layer, WaterNetworkNodeLayerFeatures } from '@generated/model';
import { ExportDialog, type ExportScope } from '@/components/export-dialog';
import { useAppAbility } from '@/lib/ability';
import { useFeaturesById } from '@/lib/features-by-id';
import { downloadText, networkListCsv, type NetworkListRow } from './network-csv';
import { featureLabel } from '@/lib/feature-label';
import { mayExportAll } from './may-export';
import { lineLengthM } from './network-labels';
import { FeatureList, SHOWN } from './network-feature-list';
import { FlowSummary, NodeLayerLists, SourceList } from './network-node-layers';

/** What isolate or trace answered, split into the roles the list shows. */
export type NetworkResult = {
  /** trace: everything connected; upstream / downstream: by the simulated flow. */
  kind: 'isolate' | 'trace' | 'upstream' | 'downstream';
  featureId: number;
  valveIds: readonly number[];
  pipeIds: readonly number[];
  nodeIds: readonly number[];
  /** Isolation only: inoperable valves the search went past, and the pipes lost through them. */
  skippedValveIds?: readonly number[];
  extraPipeIds?: readonly number[];
  /** Isolation and flow traces: the hydrants and service points concerned, per node layer. */
  nodeLayers?: readonly WaterNetworkNodeLayerFeatures[];
  /** Flow traces: the reservoirs and tanks reached. */
  sourceIds?: readonly number[];
};

export type NetworkLayers = {
  pipe: Layer | undefined;
  valves: readonly Layer[];
  nodes: readonly Layer[];
  /** The hydraulic settings' reservoirs and tanks, when set. */
  source?: Layer | undefined;
};

type NetworkResultListProps = {
  mapId: number;
  result: NetworkResult;
  network: NetworkLayers;
  onPick: (feature: Feature) => void;
};

/** The valves to close and the pipes and nodes concerned, with export (CSV) and print. */
export function NetworkResultList({ mapId, result, network, onPick }: NetworkResultListProps) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const [exportOpen, setExportOpen] = useState(false);
  const pipeLayers = network.pipe ? [network.pipe] : [];
  const flow = result.kind === 'upstream' || result.kind === 'downstream';
  // On a trace the answer's nodes are valves and other nodes together. Isolation and flow traces
  // list their hydrants and service points per layer, so the node list keeps only the others
  // (the valves on the way of a flow trace).
  const nodeLayers = result.kind === 'isolate' ? network.nodes : [...network.valves, ...network.nodes];
  const perLayer = new Set((result.nodeLayers ?? []).flatMap((entry) => entry.feature_ids));
  const listedNodeIds = result.nodeIds.filter((id) => !perLayer.has(id));
  const valves = useFeaturesById(
    mapId,
    network.valves.map((l) => l.id),
    result.valveIds.slice(0, SHOWN),
  );
  const pipes = useFeaturesById(
    mapId,
    pipeLayers.map((l) => l.id),
    result.pipeIds.slice(0, SHOWN),
  );
  const nodes = useFeaturesById(
    mapId,
    nodeLayers.map((l) => l.id),
    listedNodeIds.slice(0, SHOWN),
  );
  const allPipesNamed = pipes.data !== undefined && result.pipeIds.every((id) => pipes.data.has(id));
  const lengthM = allPipesNamed ? [...pipes.data.values()].reduce((sum, f) => sum + lineLengthM(f), 0) : null;
  const isolate = result.kind === 'isolate';
  const titles = {
    valves: t('water_network.viewer.valves_to_close'),
    pipes: isolate
      ? t('water_network.viewer.pipes_out')
      : flow
        ? t(`water_network.flow.pipes_${result.kind}`)
        : t('water_network.viewer.pipes_connected'),
    nodes: isolate
      ? t('water_network.viewer.nodes_out')
      : flow
        ? t('water_network.flow.valves_on_the_way')
        : t('water_network.viewer.nodes_connected'),
  };

  // The export dialog takes the features of one layer at a time: the pipes, and the valves when
  // they are one layer (with several, which valve is on which layer is not in the answer).
  const exportScopes: ExportScope[] = [];
  if (network.pipe && result.pipeIds.length > 0)
    exportScopes.push({
      id: 'pipes',
      label: titles.pipes,
      target: { kind: 'selected', layerId: network.pipe.id, featureIds: [...result.pipeIds] },
    });
  const [valveLayer, ...otherValveLayers] = network.valves;
  if (isolate && valveLayer && otherValveLayers.length === 0 && result.valveIds.length > 0)
    exportScopes.push({
      id: 'valves',
      label: titles.valves,
      target: { kind: 'selected', layerId: valveLayer.id, featureIds: [...result.valveIds] },
    });
  const canExport = mayExportAll(ability, mapId, exportScopes);

  const exportCsv = () => {
    const rows: NetworkListRow[] = [];
    const add = (
      role: string,
      ids: readonly number[],
      layers: readonly Layer[],
      named?: Map<number, Feature>,
    ) => {
      for (const id of ids) {
        const feature = named?.get(id);
        const layer = layers.find((candidate) => candidate.id === feature?.layer_id);
        rows.push({ role, layer: layer?.name ?? '', id, name: featureLabel(layer, feature, id) });
      }
    };
    add(titles.valves, result.valveIds, network.valves, valves.data);
    add(titles.pipes, result.pipeIds, pipeLayers, pipes.data);
    add(titles.nodes, listedNodeIds, nodeLayers, nodes.data);
    const header = ['role', 'layer', 'id', 'name'].map((column) => t(`water_network.viewer.csv.${column}`));
    downloadText(`${result.kind}-${result.featureId}.csv`, networkListCsv(header, rows));
  };

  return (
    <div
      className="network-result"
      role="region"
      aria-label={t(
        flow ? `water_network.flow.${result.kind}_result` : `water_network.viewer.${result.kind}_result`,
        { id: result.featureId },
      )}
    >
      <p className="network-summary">
        {flow ? (
          <FlowSummary result={result} />
        ) : isolate ? (
          t('water_network.viewer.isolate_summary', {
            valves: result.valveIds.length,
            pipes: result.pipeIds.length,
          })
        ) : (
          t('water_network.viewer.trace_summary', {
            pipes: result.pipeIds.length,
            nodes: result.nodeIds.length,
          })
        )}
        {lengthM !== null ? ` ${t('water_network.viewer.length', { metres: Math.round(lengthM) })}` : ''}
      </p>
      {isolate && result.valveIds.length === 0 ? (
        <p className="item-meta">{t('water_network.viewer.no_valves')}</p>
      ) : null}
      {isolate ? (
        <FeatureList
          title={titles.valves}
          ids={result.valveIds}
          layers={network.valves}
          onPick={onPick}
          named={valves.data}
        />
      ) : null}
      {isolate ? (
        <FeatureList
          title={t('water_network.hydraulics.skipped_valves')}
          ids={result.skippedValveIds ?? []}
          layers={network.valves}
          onPick={onPick}
          named={undefined}
        />
      ) : null}
      {isolate ? (
        <FeatureList
          title={t('water_network.hydraulics.extra_pipes')}
          ids={result.extraPipeIds ?? []}
          layers={pipeLayers}
          onPick={onPick}
          named={pipes.data}
        />
      ) : null}
      {/* Who loses water (or gets it) comes before the long pipe list: it is what an outage notice needs. */}
      {flow ? <SourceList mapId={mapId} result={result} network={network} onPick={onPick} /> : null}
      {isolate || flow ? (
        <NodeLayerLists mapId={mapId} result={result} network={network} onPick={onPick} />
      ) : null}
      <FeatureList
        title={titles.pipes}
        ids={result.pipeIds}
        layers={pipeLayers}
        onPick={onPick}
        named={pipes.data}
      />
      <FeatureList
        title={titles.nodes}
        ids={listedNodeIds}
        layers={nodeLayers}
        onPick={onPick}
        named={nodes.data}
      />
      <div className="item-actions">
        {canExport ? (
          <button type="button" className="btn btn-secondary" onClick={() => setExportOpen(true)}>
            {t('export_dialog.open')}
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={exportCsv}>
          {t('water_network.viewer.export')}
        </button>
        <Link className="btn btn-secondary" to={`/pdf?map=${mapId}`}>
          {t('water_network.viewer.print')}
        </Link>
      </div>
      {canExport ? (
        <ExportDialog
          mapId={mapId}
          isOpen={exportOpen}
          onClose={() => setExportOpen(false)}
          scopes={exportScopes}
        />
      ) : null}
    </div>
  );
}
