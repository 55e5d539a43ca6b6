import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { updateWidget, useListWidgets } from '@generated/api/dashboards/dashboards';
import { useShowMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '@/components/ui/status';
import { onMap, useAppAbility } from '@/lib/ability';
import { widgetsChanged } from '@/lib/cache-changes';
import { paths } from '@/lib/paths';
import { useAsOf } from '@/lib/as-of';
import { timeRangeFromQuery, toDatetime, whenQuery } from '@/lib/time-query';
import { SelectionChip } from '../dashboard/selection-chip';
import { useWidgetSelection } from '../dashboard/use-widget-selection';
import { viewerScope } from '../dashboard/widget-cards';
import { idsByLayer } from '../shell/ids-by-layer';
import { DashboardGrid } from './dashboard-grid';
import { DashboardMap } from './dashboard-map';
import type { Box } from './grid-layout';
import './map-dashboard.css';

/**
 * /maps/:id/dashboard: the map as one tile and its widgets on a grid around it, all following the
 * map's extent, and the viewer's moment and time range carried in the address. A click on a bar, slice or class selects that group: the map highlights its
 * features and every widget on that layer counts only them, until the chip clears it. The map's
 * managers (and admins) arrange the grid; everyone else reads it.
 */
export function MapDashboardScreen() {
  const { t } = useTranslation();
  const mapId = Number(useParams().id);
  const valid = Number.isInteger(mapId) && mapId > 0;
  const map = useShowMap(mapId, { with_layers: true }, { query: { enabled: valid } });
  const widgets = useListWidgets(mapId, { query: { enabled: valid } });
  const ability = useAppAbility();
  const manages = ability.can('update', onMap('Map', mapId));
  const [arranging, setArranging] = useState(false);
  const [extent, setExtent] = useState<[number, number, number, number] | null>(null);
  // The viewer's moment and time range, from the address its link carried them in.
  const [search] = useSearchParams();
  const asOf = useAsOf();
  const timeText = search.get('time');
  const timeRange = useMemo(
    () => timeRangeFromQuery(new URLSearchParams(timeText ? { time: timeText } : {})),
    [timeText],
  );
  const datetime = toDatetime(timeRange);
  const layers = useMemo(() => map.data?.data.layers ?? [], [map.data]);
  const scope = useMemo(
    () => viewerScope(layers, { bbox: extent, appliedFilter: null, datetime, asOf }),
    [extent, datetime, layers, asOf],
  );
  const [highlighted, setHighlighted] = useState<Record<number, number[]>>({});
  const { selection, select } = useWidgetSelection(mapId, layers, datetime, asOf, (features) =>
    setHighlighted(idsByLayer(features)),
  );
  const queryClient = useQueryClient();
  const [saveState, setSaveState] = useState<'idle' | 'saving' | 'failed'>('idle');

  const save = (changes: [number, Box][]) => {
    setSaveState('saving');
    Promise.all(changes.map(([id, layout]) => updateWidget(mapId, id, { layout })))
      .then(() => setSaveState('idle'))
      .catch(() => setSaveState('failed'))
      .finally(() => void widgetsChanged(queryClient, mapId));
  };
  const onExtent = useCallback((next: [number, number, number, number]) => setExtent(next), []);

  if (!valid || map.isError) return <LoadError message={t('viewer.load_failed')} />;
  if (!map.data) return <Loading />;
  const detail = map.data.data;
  const list = widgets.data?.data ?? [];

  return (
    <section className="map-dashboard-page" aria-labelledby="map-dashboard-title">
      <header className="map-dashboard-bar">
        <h1 id="map-dashboard-title">{t('dashboard.full.heading', { title: detail.title })}</h1>
        {selection && <SelectionChip label={selection.label} onClear={() => select(null)} />}
        <span className="map-dashboard-bar-end">
          {saveState !== 'idle' && (
            <span role={saveState === 'failed' ? 'alert' : 'status'}>
              {saveState === 'failed' ? t('dashboard.full.save_failed') : t('dashboard.full.saving')}
            </span>
          )}
          {manages && list.length > 0 && (
            <button
              type="button"
              className="btn btn-secondary map-dashboard-arrange-toggle"
              aria-pressed={arranging}
              onClick={() => setArranging((now) => !now)}
            >
              {t('dashboard.full.arrange')}
            </button>
          )}
          <Link className="btn btn-secondary" to={`${paths.mapViewer(mapId)}${whenQuery(search)}`}>
            {t('dashboard.full.back')}
          </Link>
        </span>
      </header>
      <div className="map-dashboard-body">
        <section className="map-dashboard-map" aria-label={t('dashboard.full.map_tile')}>
          <DashboardMap
            map={detail}
            highlighted={highlighted}
            onExtent={onExtent}
            asOf={asOf}
            timeRange={timeRange}
          />
        </section>
        <div className="map-dashboard-widgets">
          {widgets.isError && <p role="alert">{t('dashboard.failed')}</p>}
          {widgets.isSuccess && list.length === 0 && (
            <p className="status status-empty">{t('dashboard.empty')}</p>
          )}
          <DashboardGrid
            widgets={list}
            cards={{ mapId, layers, scope, selection, onSelect: select }}
            arranging={manages && arranging}
            onSave={save}
          />
        </div>
      </div>
    </section>
  );
}
