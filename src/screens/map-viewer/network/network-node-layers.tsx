import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feature, Layer, WaterNetworkNodeLayerFeatures } from '@generated/model';
import { ExportDialog, type ExportScope } from '@/components/export-dialog';
import { useAppAbility } from '@/lib/ability';
import { useFeaturesById } from '@/lib/features-by-id';
import { mayExportAll } from './may-export';
import { FeatureList } from './network-feature-list';
import type { NetworkLayers, NetworkResult } from './network-result';

/** As the other lists: the first names are fetched; the count, the map and the export have them all. */
const NAMED = 50;

type Props = {
  mapId: number;
  result: NetworkResult;
  network: NetworkLayers;
  onPick: (feature: Feature) => void;
};

const countOf = (result: NetworkResult, role: WaterNetworkNodeLayerFeatures['role']) =>
  (result.nodeLayers ?? [])
    .filter((entry) => entry.role === role)
    .reduce((sum, entry) => sum + entry.feature_ids.length, 0);

/** The first line of a flow trace: how far the water goes, and from or to what. */
export function FlowSummary({ result }: { result: NetworkResult }) {
  const { t } = useTranslation();
  return result.kind === 'upstream'
    ? t('water_network.flow.upstream_summary', {
        pipes: result.pipeIds.length,
        sources: result.sourceIds?.length ?? 0,
      })
    : t('water_network.flow.downstream_summary', {
        pipes: result.pipeIds.length,
        hydrants: countOf(result, 'hydrant'),
        services: countOf(result, 'service'),
      });
}

/** The reservoirs and tanks a flow trace reached: those that feed the start, or that it fills. */
export function SourceList({ mapId, result, network, onPick }: Props) {
  const { t } = useTranslation();
  const ids = result.sourceIds ?? [];
  const layers = network.source ? [network.source] : [];
  const named = useFeaturesById(
    mapId,
    layers.map((layer) => layer.id),
    ids.slice(0, NAMED),
  );
  return (
    <FeatureList
      title={t(
        result.kind === 'upstream'
          ? 'water_network.flow.sources_feeding'
          : 'water_network.flow.sources_filled',
      )}
      ids={ids}
      layers={layers}
      onPick={onPick}
      named={named.data}
    />
  );
}

function LayerList({
  mapId,
  layer,
  title,
  ids,
  onPick,
}: {
  mapId: number;
  layer: Layer;
  title: string;
  ids: readonly number[];
  onPick: (feature: Feature) => void;
}) {
  const named = useFeaturesById(mapId, [layer.id], ids.slice(0, NAMED));
  return <FeatureList title={title} ids={ids} layers={[layer]} onPick={onPick} named={named.data} />;
}

/**
 * The hydrants and service points an isolation leaves without water (or a flow trace reaches),
 * one list per layer with its count, each name a link to the feature; "Export affected…" opens
 * the export dialog on exactly those features, one layer per choice.
 */
export function NodeLayerLists({ mapId, result, network, onPick }: Props) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const [exportOpen, setExportOpen] = useState(false);
  const mode = result.kind === 'isolate' ? 'out' : result.kind === 'upstream' ? 'upstream' : 'reached';
  const entries = (result.nodeLayers ?? []).flatMap((entry) => {
    const layer = network.nodes.find((candidate) => candidate.id === entry.layer_id);
    return layer
      ? [{ ...entry, layer, title: t(`water_network.flow.layer_${mode}`, { layer: layer.name }) }]
      : [];
  });
  const scopes: ExportScope[] = entries
    .filter((entry) => entry.feature_ids.length > 0)
    .map((entry) => ({
      id: `node-layer-${entry.layer_id}`,
      label: entry.title,
      target: { kind: 'selected', layerId: entry.layer_id, featureIds: [...entry.feature_ids] },
    }));
  const canExport = mayExportAll(ability, mapId, scopes);
  return (
    <>
      {result.kind === 'isolate' ? (
        <p className="item-meta">
          {t('water_network.flow.affected_summary', {
            hydrants: countOf(result, 'hydrant'),
            services: countOf(result, 'service'),
          })}
        </p>
      ) : null}
      {entries.map((entry) => (
        <LayerList
          key={entry.layer_id}
          mapId={mapId}
          layer={entry.layer}
          title={entry.title}
          ids={entry.feature_ids}
          onPick={onPick}
        />
      ))}
      {canExport ? (
        <div className="item-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setExportOpen(true)}>
            {t('water_network.flow.export_affected')}
          </button>
          <ExportDialog
            mapId={mapId}
            isOpen={exportOpen}
            onClose={() => setExportOpen(false)}
            scopes={scopes}
          />
        </div>
      ) : null}
    </>
  );
}
