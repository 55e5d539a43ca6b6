import { useTranslation } from 'react-i18next';
import { useGetFeatureHistory } from '../../../generated/api/features/features';
import type { AuditEntry } from '../../../generated/model';
import { LoadError, Loading } from '../../components/ui/status';

function show(value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'object')
    return 'type' in value && typeof value.type === 'string' ? value.type : JSON.stringify(value);
  return String(value);
}

function Changes({ entry }: { entry: AuditEntry }) {
  const names = [
    ...new Set([...Object.keys(entry.old_values ?? {}), ...Object.keys(entry.new_values ?? {})]),
  ];
  if (names.length === 0) return null;
  return (
    <ul className="history-changes">
      {names.map((name) => (
        <li key={name}>
          <span className="history-property">{name}</span>: {show(entry.old_values?.[name])} →{' '}
          {show(entry.new_values?.[name])}
        </li>
      ))}
    </ul>
  );
}

/** Who changed what, newest first (getFeatureHistory). */
export function FeatureHistory({ mapId, featureId }: { mapId: number; featureId: number }) {
  const { t, i18n } = useTranslation();
  const history = useGetFeatureHistory(mapId, featureId);
  if (history.isPending) return <Loading />;
  if (history.isError) return <LoadError />;
  const entries = history.data.data;
  if (entries.length === 0) return <p className="status status-empty">{t('viewer.history.empty')}</p>;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <ol className="feature-history">
      {entries.map((entry) => (
        <li key={entry.id}>
          <p>
            {t(`viewer.history.events.${entry.event}`, {
              name: entry.user?.name ?? t('viewer.history.deleted_user'),
            })}{' '}
            <time dateTime={entry.created_at}>{when.format(new Date(entry.created_at))}</time>
          </p>
          <Changes entry={entry} />
        </li>
      ))}
    </ol>
  );
}
