import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useGetWaterNetwork,
  useIsolateWaterNetworkPipe,
  useTraceWaterNetwork,
  useTraceWaterNetworkFlow,
} from '@generated/api/water-network/water-network';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useViewer } from '../shell/viewer-context';
import { highlightOf, type NetworkHighlight } from './network-highlight';
import { RunStatus } from './run-status';
import { NetworkResultList, type NetworkLayers, type NetworkResult } from './network-result';
import './network-tools.css';

/**
 * Water network tools: isolate the selected pipe, or trace from the selected pipe, valve or
 * node: everything connected, or upstream / downstream by the simulated flow. The buttons show while such a feature is selected; a result stays (picking a valve
 * from its list selects that valve) until it is cleared or replaced.
 */
export function NetworkTools({ onHighlight }: { onHighlight: (highlight: NetworkHighlight) => void }) {
  const { t } = useTranslation();
  const { mapId, layers, selected, goToFeature } = useViewer();
  const config = useGetWaterNetwork(mapId);
  const isolate = useIsolateWaterNetworkPipe();
  const trace = useTraceWaterNetwork();
  const traceFlow = useTraceWaterNetworkFlow();
  const [result, setResult] = useState<NetworkResult | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const setup = config.data?.data;
  const byId = (id: number) => layers.find((layer) => layer.id === id);
  const network: NetworkLayers = {
    pipe: setup?.pipe_layer_id ? byId(setup.pipe_layer_id) : undefined,
    valves: (setup?.valve_layer_ids ?? []).map(byId).filter((layer) => layer !== undefined),
    nodes: (setup?.node_layer_ids ?? []).map(byId).filter((layer) => layer !== undefined),
    source: setup?.hydraulics.source_layer_id ? byId(setup.hydraulics.source_layer_id) : undefined,
  };
  const isPipe = selected !== null && network.pipe?.id === selected.layerId;
  const onNetwork =
    selected !== null &&
    (isPipe || [...network.valves, ...network.nodes].some((layer) => layer.id === selected.layerId));
  // Sources are on the network for the hydraulics only: they trace by flow, not by topology.
  const flows = onNetwork || (selected !== null && network.source?.id === selected.layerId);

  // The highlight belongs to the result: it goes when the viewer does.
  useEffect(() => () => onHighlight({}), [onHighlight]);

  if (!network.pipe || (!flows && !result)) return null;

  const show = (next: NetworkResult | null) => {
    setResult(next);
    onHighlight(next ? highlightOf(next, network) : {});
  };
  const run = async (kind: NetworkResult['kind'], featureId: number) => {
    setErrors([]);
    try {
      if (kind === 'isolate') {
        const answer = await isolate.mutateAsync({ id: mapId, data: { pipe_id: featureId } });
        const { valve_ids, pipe_ids, node_ids, skipped_valve_ids, extra_pipe_ids, node_layers } = answer.data;
        show({
          kind,
          featureId,
          valveIds: valve_ids,
          pipeIds: pipe_ids,
          nodeIds: node_ids,
          skippedValveIds: skipped_valve_ids,
          extraPipeIds: extra_pipe_ids,
          nodeLayers: node_layers,
        });
      } else if (kind === 'upstream' || kind === 'downstream') {
        const answer = await traceFlow.mutateAsync({
          id: mapId,
          data: { feature_id: featureId, direction: kind },
        });
        const { pipe_ids, node_ids, source_ids, node_layers } = answer.data;
        show({
          kind,
          featureId,
          valveIds: [],
          pipeIds: pipe_ids,
          nodeIds: node_ids,
          sourceIds: source_ids,
          nodeLayers: node_layers,
        });
      } else {
        const answer = await trace.mutateAsync({ id: mapId, data: { feature_id: featureId } });
        const { pipe_ids, node_ids } = answer.data;
        show({ kind, featureId, valveIds: [], pipeIds: pipe_ids, nodeIds: node_ids });
      }
    } catch (error) {
      show(null);
      setErrors(fieldErrorsOf(error, t('water_network.viewer.failed')));
    }
  };
  const busy = isolate.isPending || trace.isPending || traceFlow.isPending;
  // What the selected feature offers: isolating a pipe, tracing from any network feature, and
  // following the simulated flow up or down from a network feature or a source.
  const actions: { kind: NetworkResult['kind']; label: string; featureId: number }[] = selected
    ? [
        ...(isPipe ? [{ kind: 'isolate' as const, label: t('water_network.viewer.isolate') }] : []),
        ...(onNetwork ? [{ kind: 'trace' as const, label: t('water_network.viewer.trace') }] : []),
        ...(flows
          ? (['upstream', 'downstream'] as const).map((direction) => ({
              kind: direction,
              label: t(`water_network.flow.trace_${direction}`),
            }))
          : []),
      ].map((action) => ({ ...action, featureId: selected.featureId }))
    : [];

  return (
    <section className="viewer-panel network-tools" aria-labelledby="network-tools-title">
      <h2 id="network-tools-title">{t('water_network.viewer.title')}</h2>
      <div className="item-actions">
        {actions.map((action) => (
          <button
            key={action.kind}
            type="button"
            className={action.kind === 'isolate' ? 'btn btn-primary' : 'btn btn-secondary'}
            disabled={busy}
            onClick={() => void run(action.kind, action.featureId)}
          >
            {action.label}
          </button>
        ))}
        {result ? (
          <button type="button" className="btn btn-secondary" onClick={() => show(null)}>
            {t('water_network.viewer.clear')}
          </button>
        ) : null}
      </div>
      <RunStatus busy={busy} busyText={t('water_network.viewer.working')} errors={errors} />
      {result ? (
        <NetworkResultList mapId={mapId} result={result} network={network} onPick={goToFeature} />
      ) : null}
    </section>
  );
}
