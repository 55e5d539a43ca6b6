import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetFeatureHistory } from '../../../../generated/api/features/features';
import type { AuditEntry, Feature } from '../../../../generated/model';
import { LoadError, Loading } from '../../../components/ui/status';
import { featureOf, useAppAbility } from '../../../lib/ability';
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

/** Who changed what, newest first (getFeatureHistory), each earlier version restorable. */
export function FeatureHistory({
  mapId,
  featureId,
  layerId,
  onRestored,
  labels = NO_LABELS,
}: FeatureHistoryProps) {
  const { t, i18n } = useTranslation();
  const ability = useAppAbility();
  // Pages of changes, newest first: the cursors of the older pages opened, as the deleted list.
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors.at(-1);
  // The newest page names the current version (the same query as the page shown first).
  const newest = useGetFeatureHistory(mapId, featureId);
  const history = useGetFeatureHistory(mapId, featureId, before === undefined ? undefined : { before });
  if (history.isPending || newest.isPending) return <Loading />;
  if (history.isError || newest.isError) return <LoadError />;
  const entries = history.data.data;
  if (entries.length === 0 && cursors.length === 0)
    return <p className="status status-empty">{t('viewer.history.empty')}</p>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const current = versionsOf(newest.data.data).current;
  const nextBefore = history.data.meta.next_before;
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
        {nextBefore === null && versionsOf(entries).oldest > 1 && (
          <OriginalVersion current={current} restore={restore} />
        )}
      </ol>
      {(cursors.length > 0 || nextBefore !== null) && (
        <div className="filters-actions">
          {cursors.length > 0 && (
            <button type="button" className="btn btn-plain" onClick={() => setCursors(cursors.slice(0, -1))}>
              {t('history_pages.newer')}
            </button>
          )}
          {nextBefore !== null && (
            <button
              type="button"
              className="btn btn-plain"
              onClick={() => setCursors([...cursors, nextBefore])}
            >
              {t('history_pages.older')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
