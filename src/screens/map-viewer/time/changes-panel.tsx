import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { getListLayerChangesQueryKey, listLayerChanges } from '@generated/api/features/features';
import type { LayerChange } from '@generated/model';
import { LoadMoreButton } from '@/components/ui/load-more';
import { featuresExtent } from '@/map/feature-extent';
import type { MapLayerModel } from '@/map/layer-model';
import { FeatureHistory } from '../history/feature-history';
import { downloadText } from '../network/network-csv';
import { LayerSelect } from '../layers/layer-select';
import { useViewer } from '../shell/viewer-context';
import { fromLocalInput, toLocalInput } from './as-of';
import { CHANGE_COLOURS, changeLayers, changesCsv, changesGeoJson } from './changes';

/** The changes one page lists and draws; older ones come a page at a time when asked for. */
const CHANGES_PER_PAGE = 100;
const WEEK = 7 * 24 * 3_600_000;

type ChangesPanelProps = {
  /** The changes to draw over the map (empty to draw none). */
  onLayers: (models: MapLayerModel[]) => void;
  /** Fits the map to [west, south, east, north]. */
  onZoom: (extent: [number, number, number, number]) => void;
};

type Asked = { layerId: number; from: string; to: string };

/**
 * What changed on a layer between two moments (listLayerChanges): the features added, changed
 * and removed, listed and drawn over the map in green, amber and red (a removed one at its last
 * geometry). Each row opens that feature's history; the list downloads as CSV or GeoJSON. Shown
 * as it was, the interval ends at that moment by default.
 */
export function ChangesPanel({ onLayers, onZoom }: ChangesPanelProps) {
  const { t, i18n } = useTranslation();
  const { mapId, layers, asOf } = useViewer();
  const headingId = useId();
  const vector = layers.filter((layer) => layer.type === 'vector');
  const end = asOf ?? new Date().toISOString();
  const [layerId, setLayerId] = useState(vector[0]?.id ?? 0);
  const [from, setFrom] = useState(() => toLocalInput(new Date(Date.parse(end) - WEEK).toISOString()));
  const [to, setTo] = useState(() => toLocalInput(end));
  const [asked, setAsked] = useState<Asked | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const params = { from: asked?.from ?? '', to: asked?.to ?? '', per_page: CHANGES_PER_PAGE };
  // The newest page first, then each older page asked for.
  const query = useInfiniteQuery({
    queryKey: [...getListLayerChangesQueryKey(mapId, asked?.layerId ?? 0, params), 'pages'],
    queryFn: ({ pageParam, signal }) =>
      listLayerChanges(mapId, asked?.layerId ?? 0, { ...params, page: pageParam }, undefined, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.meta.current_page < last.meta.last_page ? last.meta.current_page + 1 : undefined,
    enabled: asked !== null,
  });
  const changes = useMemo(
    () => (asked ? (query.data?.pages.flatMap((page) => page.data) ?? []) : []),
    [asked, query.data],
  );
  const titles = useMemo(
    () => ({
      added: t('time.changes.effect.added'),
      changed: t('time.changes.effect.changed'),
      removed: t('time.changes.effect.removed'),
    }),
    [t],
  );
  const run = asked ? `${asked.layerId}-${asked.from}-${asked.to}-${query.dataUpdatedAt}` : '';
  useEffect(() => {
    onLayers(changes.length > 0 ? changeLayers(changes, titles, run) : []);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, titles, onLayers]);
  // Nothing drawn once the panel is gone.
  useEffect(() => () => onLayers([]), [onLayers]);
  if (vector.length === 0) return null;

  const fromIso = fromLocalInput(from);
  const toIso = fromLocalInput(to);
  const backwards = fromIso !== null && toIso !== null && fromIso > toIso;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (fromIso && toIso && !backwards) setAsked({ layerId, from: fromIso, to: toIso });
  };
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const fileName = (extension: string) =>
    `changes-${asked?.layerId ?? layerId}-${(asked?.from ?? '').slice(0, 10)}-${(asked?.to ?? '').slice(0, 10)}.${extension}`;
  const total = query.data?.pages[0]?.meta.total ?? 0;
  const extent = featuresExtent(changes);

  return (
    <section className="viewer-panel changes-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('time.changes.title')}</h2>
      <form className="changes-form" onSubmit={submit}>
        <label>
          <span>{t('time.changes.layer')}</span>
          <LayerSelect layers={vector} value={layerId} onChange={setLayerId} />
        </label>
        <label>
          <span>{t('time.changes.from')}</span>
          <input type="datetime-local" value={from} onChange={(event) => setFrom(event.target.value)} />
        </label>
        <label>
          <span>{t('time.changes.to')}</span>
          <input type="datetime-local" value={to} onChange={(event) => setTo(event.target.value)} />
        </label>
        {backwards && <p role="alert">{t('time.changes.backwards')}</p>}
        <button type="submit" className="btn btn-secondary" disabled={!fromIso || !toIso || backwards}>
          {t('time.changes.show')}
        </button>
        {asked && (
          <button type="button" className="btn btn-secondary" onClick={() => setAsked(null)}>
            {t('time.changes.clear')}
          </button>
        )}
      </form>
      {asked && query.isPending && <p role="status">{t('common.loading')}</p>}
      {asked && query.isError && <p role="alert">{t('time.changes.failed')}</p>}
      {asked && query.data && (
        <>
          <p role="status" className="changes-count">
            {total > changes.length
              ? t('time.changes.count_capped', { count: total, shown: changes.length })
              : t('time.changes.count', { count: total })}
          </p>
          <ul className="changes-legend" aria-label={t('time.changes.legend')}>
            {(['added', 'changed', 'removed'] as const).map((effect) => (
              <li key={effect}>
                <span
                  className="changes-swatch"
                  aria-hidden="true"
                  style={{ background: CHANGE_COLOURS[effect] }}
                />
                {titles[effect]}
              </li>
            ))}
          </ul>
          {changes.length > 0 && (
            <div className="changes-downloads">
              {extent && (
                <button type="button" className="btn btn-secondary" onClick={() => onZoom(extent)}>
                  {t('time.changes.zoom')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => downloadText(fileName('csv'), changesCsv(changes))}
              >
                {t('time.changes.download_csv')}
              </button>
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() =>
                  downloadText(fileName('geojson'), changesGeoJson(changes), 'application/geo+json')
                }
              >
                {t('time.changes.download_geojson')}
              </button>
            </div>
          )}
          <ul className="changes-list">
            {changes.map((change: LayerChange) => (
              <li key={change.feature_id} className={`changes-row changes-${change.effect}`}>
                <button
                  type="button"
                  className="changes-row-open"
                  aria-expanded={open === change.feature_id}
                  onClick={() =>
                    setOpen((current) => (current === change.feature_id ? null : change.feature_id))
                  }
                >
                  <span
                    className="changes-swatch"
                    aria-hidden="true"
                    style={{ background: CHANGE_COLOURS[change.effect] }}
                  />
                  {t('time.changes.row', {
                    effect: titles[change.effect],
                    id: change.feature_id,
                    date: when.format(new Date(change.at)),
                    user: change.user?.name ?? t('time.changes.someone'),
                  })}
                </button>
                {open === change.feature_id && <FeatureHistory mapId={mapId} featureId={change.feature_id} />}
              </li>
            ))}
          </ul>
          {query.isFetchNextPageError && <p role="alert">{t('time.changes.failed')}</p>}
          <LoadMoreButton query={query} label={t('time.changes.more')} />
        </>
      )}
    </section>
  );
}
