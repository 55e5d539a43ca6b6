import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { getFeatureHistory, getGetFeatureHistoryQueryKey } from '@generated/api/features/features';
import type { AuditEntry, Feature } from '@generated/model';
import { LoadMoreButton } from '@/components/ui/load-more';
import { LoadError, Loading } from '@/components/ui/status';
import { featureOf, useAppAbility } from '@/lib/ability';
import { HistoryVersion, OriginalVersion, versionsOf } from './history-versions';

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object')
    return 'type' in value && typeof value.type === 'string' ? value.type : JSON.stringify(value);
  return String(value);
}

function Changes({ entry, labels }: { entry: AuditEntry; labels: Readonly<Record<string, string>> }) {
  const names = [
    ...new Set([...Object.keys(entry.old_values ?? {}), ...Object.keys(entry.new_values ?? {})]),
  ];
  if (names.length === 0) return null;
  return (
    <ul className="history-changes">
      {names.map((name) => (
        <li key={name}>
          <span className="history-property">{labels[name] ?? name}</span>: {show(entry.old_values?.[name])} →{' '}
          {show(entry.new_values?.[name])}
        </li>
      ))}
    </ul>
  );
}

type FeatureHistoryProps = {
  mapId: number;
  featureId: number;
  /** With it, editors get "Restore this version" on each earlier version. */
  layerId?: number;
  onRestored?: (feature: Feature) => void;
  /** The layer's labels of its properties ("Diameter (mm)" for `diameter_mm`); a name without one shows as stored. */
  labels?: Readonly<Record<string, string>>;
};

const NO_LABELS: Readonly<Record<string, string>> = {};

/**
 * Who changed what, newest first (getFeatureHistory), each earlier version restorable. Older
 * versions are loaded a page at a time below the ones shown.
 */
export function FeatureHistory({
  mapId,
  featureId,
  layerId,
  onRestored,
  labels = NO_LABELS,
}: FeatureHistoryProps) {
  const { t, i18n } = useTranslation();
  const ability = useAppAbility();
  // The newest page, then each older one asked for, chained by the cursor the page before ends
  // with: a refresh after a change reads them again in order, so none is skipped or repeated.
  // Under the history's own key, which every change to the feature refreshes.
  const history = useInfiniteQuery({
    queryKey: [...getGetFeatureHistoryQueryKey(mapId, featureId), 'older-versions'],
    queryFn: ({ pageParam, signal }) =>
      getFeatureHistory(
        mapId,
        featureId,
        pageParam === null ? undefined : { before: pageParam },
        undefined,
        signal,
      ),
    initialPageParam: null as number | null,
    getNextPageParam: (last) => last.meta.next_before,
  });
  if (history.isPending) return <Loading />;
  if (history.isError) return <LoadError />;
  const entries = history.data.pages.flatMap((page) => page.data);
  if (entries.length === 0) return <p className="status status-empty">{t('viewer.history.empty')}</p>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  // The newest version is on the newest page, whichever older versions are shown below it.
  const current = versionsOf(history.data.pages[0]?.data ?? []).current;
  const restore =
    layerId !== undefined && ability.can('update', featureOf(mapId, layerId))
      ? { mapId, layerId, featureId, seenVersion: current, onRestored }
      : undefined;
  return (
    <>
      <ol className="feature-history">
        {entries.map((entry) => (
          <li key={entry.id}>
            <p>
              {t(`viewer.history.events.${entry.event}`, {
                name: entry.user?.name ?? t('viewer.history.deleted_user'),
              })}{' '}
              <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time>
            </p>
            <Changes entry={entry} labels={labels} />
            <HistoryVersion entry={entry} current={current} restore={restore} />
          </li>
        ))}
        {!history.hasNextPage && versionsOf(entries).oldest > 1 && (
          <OriginalVersion current={current} restore={restore} />
        )}
      </ol>
      {history.isFetchNextPageError && <LoadError />}
      {history.hasNextPage && (
        <div className="filters-actions">
          <LoadMoreButton query={history} label={t('history_pages.older')} />
        </div>
      )}
    </>
  );
}
