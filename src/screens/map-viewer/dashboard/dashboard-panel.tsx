import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useCreateWidget,
  useDeleteWidget,
  useListWidgets,
  useUpdateWidget,
} from '@generated/api/dashboards/dashboards';
import type { Feature, Layer, Metric, WidgetCreate, WidgetUpdate } from '@generated/model';
import { onMap, useAppAbility } from '@/lib/ability';
import { paths } from '@/lib/paths';
import { Link, useSearchParams } from 'react-router';
import { whenQuery } from '@/lib/time-query';
import { WidgetCard } from './widget-card';
import { viewerScope, type WidgetCards } from './widget-cards';
import { SelectionChip } from './selection-chip';
import { useWidgetSelection } from './use-widget-selection';
import { widgetsChanged } from '@/lib/cache-changes';
import { LayerSelect } from '../layers/layer-select';
import { useViewer } from '../shell/viewer-context';

interface DashboardPanelProps {
  /** The features of the group a click on a chart selected (null: cleared), for the map to highlight. */
  onSelection?: (matches: Feature[] | null) => void;
}

/**
 * The viewer's "Dashboard" tab: the map's widgets following its extent, filters, time range and
 * moment, a chip for the group a click selected (one click clears it), and for managers adding
 * and removing.
 */
export function DashboardPanel({ onSelection }: DashboardPanelProps) {
  const { t } = useTranslation();
  const { mapId, layers, viewExtent, appliedFilter, datetime, asOf } = useViewer();
  const [search] = useSearchParams();
  const ability = useAppAbility();
  // This map's managers and admins, not whoever manages some other map.
  const manages = ability.can('update', onMap('Map', mapId));
  const widgets = useListWidgets(mapId);
  const { selection, select } = useWidgetSelection(mapId, layers, datetime, asOf, (features) =>
    onSelection?.(features),
  );
  const queryClient = useQueryClient();
  const refresh = () => widgetsChanged(queryClient, mapId);
  const remove = useDeleteWidget({ mutation: { onSuccess: refresh } });
  const change = useUpdateWidget({ mutation: { onSuccess: refresh } });
  const cards: WidgetCards = {
    mapId,
    layers,
    scope: viewerScope(layers, { bbox: viewExtent, appliedFilter, datetime, asOf }),
    selection,
    onSelect: select,
  };
  const list = widgets.data?.data ?? [];

  return (
    <section className="viewer-panel dashboard-panel" aria-labelledby="dashboard-title">
      <h2 id="dashboard-title">{t('dashboard.title')}</h2>
      <p>
        {/* The full-window dashboard shows the same moment and dates. */}
        <Link to={`${paths.mapDashboard(mapId)}${whenQuery(search)}`}>{t('dashboard.full.open')}</Link>
      </p>
      {selection && (
        <p className="dashboard-selection">
          <SelectionChip label={selection.label} onClear={() => select(null)} />
        </p>
      )}
      {widgets.isError && <p role="alert">{t('dashboard.failed')}</p>}
      {widgets.isSuccess && list.length === 0 && (
        <p className="status status-empty">{t('dashboard.empty')}</p>
      )}
      <div className="dashboard-grid">
        {list.map((widget) => (
          <WidgetCard
            key={widget.id}
            widget={widget}
            {...cards}
            {...(manages
              ? {
                  onDelete: () => remove.mutate({ id: mapId, widgetId: widget.id }),
                  onChange: (data: WidgetUpdate) => change.mutate({ id: mapId, widgetId: widget.id, data }),
                }
              : {})}
          />
        ))}
      </div>
      {manages && <NewWidgetForm mapId={mapId} layers={layers} onCreated={refresh} />}
    </section>
  );
}

type Kind = 'counter' | 'category' | 'time';

function NewWidgetForm({
  mapId,
  layers,
  onCreated,
}: {
  mapId: number;
  layers: readonly Layer[];
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const vector = layers.filter((layer) => layer.type === 'vector');
  const [layerId, setLayerId] = useState(vector[0]?.id ?? 0);
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<Kind>('counter');
  const [property, setProperty] = useState('');
  const [measure, setMeasure] = useState<'count' | 'length'>('count');
  const create = useCreateWidget({ mutation: { onSuccess: onCreated } });
  const layer = vector.find((candidate) => candidate.id === layerId);
  const lines = layer?.geometry_type === 'LineString' || layer?.geometry_type === 'MultiLineString';
  const properties = (layer?.properties ?? []).filter((entry) =>
    kind === 'time' ? entry.type === 'date' : true,
  );
  const errors =
    (create.error?.response?.data as { errors?: Record<string, string[]> } | undefined)?.errors ?? {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const metric: Metric =
      measure === 'length' && lines ? { op: 'sum', property: '$length' } : { op: 'count' };
    const body: WidgetCreate = {
      layer_id: layerId,
      title,
      kind,
      metrics: [metric],
      group_by: kind === 'counter' ? null : kind === 'time' ? { property, interval: 'year' } : { property },
    };
    create.mutate({ id: mapId, data: body }, { onSuccess: () => setTitle('') });
  };

  return (
    <form className="dashboard-new" onSubmit={submit} aria-labelledby="dashboard-new-title">
      <h3 id="dashboard-new-title">{t('dashboard.new.title')}</h3>
      <label>
        {t('dashboard.new.name')}
        <input value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={200} />
      </label>
      {errors.title && <p role="alert">{errors.title[0]}</p>}
      <label>
        {t('dashboard.new.layer')}
        <LayerSelect layers={vector} value={layerId} onChange={setLayerId} />
      </label>
      <label>
        {t('dashboard.new.kind')}
        <select value={kind} onChange={(event) => setKind(event.target.value as Kind)}>
          <option value="counter">{t('dashboard.kinds.counter')}</option>
          <option value="category">{t('dashboard.kinds.category')}</option>
          <option value="time">{t('dashboard.kinds.time')}</option>
        </select>
      </label>
      {kind !== 'counter' && (
        <label>
          {t('dashboard.new.property')}
          <select value={property} onChange={(event) => setProperty(event.target.value)} required>
            <option value="">{t('dashboard.new.choose')}</option>
            {properties.map((entry) => (
              <option key={entry.name} value={entry.name}>
                {entry.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {Object.entries(errors)
        .filter(([field]) => field.startsWith('group_by') || field.startsWith('metrics'))
        .map(([field, messages]) => (
          <p key={field} role="alert">
            {messages[0]}
          </p>
        ))}
      <label>
        {t('dashboard.new.measure')}
        <select value={measure} onChange={(event) => setMeasure(event.target.value as 'count' | 'length')}>
          <option value="count">{t('dashboard.measures.count')}</option>
          {lines && <option value="length">{t('dashboard.measures.length')}</option>}
        </select>
      </label>
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        {t('dashboard.new.add')}
      </button>
    </form>
  );
}
