import { useTranslation } from 'react-i18next';
import type { AuditEntry, Feature } from '@generated/model';
import { RestoreVersion } from './restore-version';

/**
 * The newest version, and the oldest one the history records. A history that does not start
 * with `created` starts at 2 (the demo's features): version 1 is the feature as loaded.
 */
export function versionsOf(entries: readonly AuditEntry[]): { current: number; oldest: number } {
  const numbers = entries.map((entry) => entry.version).filter((v): v is number => typeof v === 'number');
  if (numbers.length === 0) return { current: 1, oldest: 1 };
  return { current: Math.max(...numbers), oldest: Math.min(...numbers) };
}

export type RestoreContext = {
  mapId: number;
  layerId: number;
  featureId: number;
  seenVersion: number;
  onRestored?: ((feature: Feature) => void) | undefined;
};

/** Under a history row: its version, what it restored or was split from, and its restore button. */
export function HistoryVersion({
  entry,
  current,
  restore,
}: {
  entry: AuditEntry;
  current: number;
  restore: RestoreContext | undefined;
}) {
  const { t } = useTranslation();
  if (typeof entry.version !== 'number') return null;
  const restorable = restore && entry.version < current && entry.event !== 'deleted';
  return (
    <div className="history-version">
      <span className="history-version-number">{t('versions.version', { version: entry.version })}</span>
      {typeof entry.restored_version === 'number' && (
        <span> · {t('versions.restored_note', { version: entry.restored_version })}</span>
      )}
      {entry.split_from && (
        <span>
          {' '}
          · {t('versions.split_note', { id: entry.split_from.feature_id, version: entry.split_from.version })}
        </span>
      )}
      {restorable && <RestoreVersion {...restore} version={entry.version} />}
    </div>
  );
}

/** Version 1 of a feature loaded without a history (the demo's): restorable like any other. */
export function OriginalVersion({
  current,
  restore,
}: {
  current: number;
  restore: RestoreContext | undefined;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <p>{t('versions.original')}</p>
      <div className="history-version">
        <span className="history-version-number">{t('versions.version', { version: 1 })}</span>
        {restore && current > 1 && <RestoreVersion {...restore} version={1} />}
      </div>
    </li>
  );
}
