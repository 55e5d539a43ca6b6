import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useFireFlowWaterNetwork,
  useGetWaterNetwork,
  useSimulateWaterNetwork,
} from '@generated/api/water-network/water-network';
import type { FireFlow, WaterNetworkSimulation } from '@generated/model';
import type { MapLayerModel } from '@/map/layer-model';
import type { ClassRule } from '@/map/thematic-style';
import { fieldErrorsOf } from '@/lib/field-errors';
import { PRESSURE_CLASSES, simulationLayers, VELOCITY_CLASSES } from './hydraulic-layers';
import { useViewer } from '../shell/viewer-context';
import { RunStatus } from './run-status';

type HydraulicsPanelProps = {
  /** The result's map layers (none when cleared): the viewer draws them over its own. */
  onLayers: (layers: MapLayerModel[]) => void;
};

/** Low-pressure nodes listed here; the map shows them all. */
const LISTED = 10;

function Legend({ title, classes, line }: { title: string; classes: ClassRule[]; line: boolean }) {
  return (
    <section aria-label={title} className="hydraulics-legend">
      <h3>{title}</h3>
      <ul>
        {classes.map((entry) => (
          <li key={entry.label}>
            <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true">
              {line ? (
                <path d="M2 10 L18 10" stroke={entry.color ?? '#999'} strokeWidth={entry.strokeWidth ?? 2} />
              ) : (
                <circle cx="10" cy="10" r="5" fill={entry.color ?? '#999'} stroke="#fff" />
              )}
            </svg>
            {entry.label}
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Hydraulic simulation from the Network tab: runs EPANET on the server, draws
 * pressure at nodes and velocity in pipes over the map with their legends, lists the
 * lowest pressures, and gives the fire flow at the selected hydrant.
 */
export function HydraulicsPanel({ onLayers }: HydraulicsPanelProps) {
  const { t } = useTranslation();
  const { mapId, selected } = useViewer();
  const config = useGetWaterNetwork(mapId).data?.data;
  const simulate = useSimulateWaterNetwork();
  const fireFlow = useFireFlowWaterNetwork();
  const [answer, setAnswer] = useState<WaterNetworkSimulation | null>(null);
  const [fire, setFire] = useState<FireFlow | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const runs = useRef(0);

  // The layers belong to the result: they go when the panel does.
  useEffect(() => () => onLayers([]), [onLayers]);

  if (!config?.pipe_layer_id || config.hydraulics.source_layer_id === null) return null;
  const nodeLayers = config.node_layer_ids.filter((id) => id !== config.hydraulics.source_layer_id);
  const hydrant = selected && nodeLayers.includes(selected.layerId) ? selected.featureId : null;

  const run = async () => {
    setErrors([]);
    try {
      const result = (await simulate.mutateAsync({ id: mapId })).data;
      runs.current += 1;
      setAnswer(result);
      onLayers(
        simulationLayers(
          result,
          {
            pipes: t('water_network.hydraulics.velocity_legend'),
            nodes: t('water_network.hydraulics.pressure_legend'),
          },
          runs.current,
        ),
      );
    } catch (error) {
      setErrors(fieldErrorsOf(error, t('water_network.hydraulics.failed')));
    }
  };
  const runFireFlow = async (hydrantId: number) => {
    setErrors([]);
    try {
      setFire((await fireFlow.mutateAsync({ id: mapId, data: { hydrant_id: hydrantId } })).data);
    } catch (error) {
      setFire(null);
      setErrors(fieldErrorsOf(error, t('water_network.hydraulics.failed')));
    }
  };
  const clear = () => {
    setAnswer(null);
    setFire(null);
    onLayers([]);
  };
  const busy = simulate.isPending || fireFlow.isPending;
  const count = (code: string) =>
    answer?.warnings.find((warning) => warning.code === code)?.node_ids.length ?? 0;

  return (
    <section className="viewer-panel network-tools" aria-labelledby="hydraulics-title">
      <h2 id="hydraulics-title">{t('water_network.hydraulics.title')}</h2>
      <div className="item-actions">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void run()}>
          {t('water_network.hydraulics.run')}
        </button>
        {hydrant !== null ? (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={busy}
            onClick={() => void runFireFlow(hydrant)}
          >
            {t('water_network.hydraulics.fire_flow_button')}
          </button>
        ) : null}
        {answer || fire ? (
          <button type="button" className="btn btn-secondary" onClick={clear}>
            {t('water_network.viewer.clear')}
          </button>
        ) : null}
      </div>
      <RunStatus busy={busy} busyText={t('water_network.hydraulics.running')} errors={errors} />
      {fire ? (
        <section aria-label={t('water_network.hydraulics.fire_flow', { id: fire.hydrant_id })}>
          <h3>{t('water_network.hydraulics.fire_flow', { id: fire.hydrant_id })}</h3>
          <p className="fire-flow-answer">
            {t('water_network.hydraulics.fire_flow_result', {
              flow: fire.flow_lps.toFixed(1),
              residual: fire.residual_bar,
              static: fire.static_pressure_bar.toFixed(2),
            })}
          </p>
        </section>
      ) : null}
      {answer ? (
        <section aria-label={t('water_network.hydraulics.result')}>
          <p className="network-summary">
            {t('water_network.hydraulics.summary', {
              min: answer.min_pressure_m?.toFixed(1) ?? '–',
              max: answer.max_pressure_m?.toFixed(1) ?? '–',
              demand: answer.demand_lps.toFixed(1),
            })}
          </p>
          {count('disconnected') > 0 ? (
            <p>{t('water_network.hydraulics.disconnected', { count: count('disconnected') })}</p>
          ) : null}
          {count('negative_pressure') > 0 ? (
            <p>{t('water_network.hydraulics.negative', { count: count('negative_pressure') })}</p>
          ) : null}
          <Legend
            title={t('water_network.hydraulics.pressure_legend')}
            classes={PRESSURE_CLASSES}
            line={false}
          />
          <Legend title={t('water_network.hydraulics.velocity_legend')} classes={VELOCITY_CLASSES} line />
          <section aria-label={t('water_network.hydraulics.low_title', { limit: answer.low_pressure_m })}>
            <h3>{t('water_network.hydraulics.low_title', { limit: answer.low_pressure_m })}</h3>
            {answer.low_pressure.length === 0 ? (
              <p>{t('water_network.hydraulics.low_none')}</p>
            ) : (
              <ul>
                {answer.low_pressure.slice(0, LISTED).map((node) => (
                  <li key={node.node_id}>
                    {t('water_network.hydraulics.low_item', {
                      ids: node.feature_ids.map((id) => `#${id}`).join(', '),
                      pressure: node.pressure_m.toFixed(1),
                    })}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </section>
      ) : null}
    </section>
  );
}
