import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListDeletedFeatures, useRestoreFeatureVersion } from '@generated/api/features/features';
import type { DeletedFeature, Layer } from '@generated/model';
import { fieldErrorsOf } from '../../lib/field-errors';
import { conflictVersionOf } from '../../lib/version-conflict';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { ListTable } from '../ui/list-table';
import { QueryList } from '../ui/query-list';
import { useFeatureChange } from '../../lib/cache-changes';

const PAGE = 25;

/** A few of the layer's properties, enough to recognise the feature. */
function Values({ layer, row }: { layer: Layer; row: DeletedFeature }) {
  const { t } = useTranslation();
  const shown = (value: unknown) =>
    typeof value === 'boolean' ? (value ? t('viewer.yes') : t('viewer.no')) : String(value);
  return (
    <>
      {layer.properties
        .filter((property) => row.properties[property.name] != null)
        .slice(0, 3)
        .map((property) => `${property.label}: ${shown(row.properties[property.name])}`)
        .join(' · ') || '—'}
    </>
  );
}

/**
 * A layer's recently deleted features (listDeletedFeatures), newest first, each with
 * "Restore": it comes back as it was, with its files and links (restoreFeatureVersion).
 */
export function DeletedFeatures({ mapId, layer }: { mapId: number; layer: Layer }) {
  const { t, i18n } = useTranslation();
  const [cursors, setCursors] = useState<number[]>([]);
  const before = cursors[cursors.length - 1];
  const list = useListDeletedFeatures(mapId, layer.id, { per_page: PAGE, ...(before ? { before } : {}) });
  const restore = useRestoreFeatureVersion();
  const featureChanged = useFeatureChange(mapId);
  const [confirming, setConfirming] = useState<DeletedFeature | null>(null);
  const [messages, setMessages] = useState<{ text: string; error: boolean }[]>([]);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const confirm = (row: DeletedFeature) => {
    setMessages([]);
    restore.mutate(
      { id: mapId, featureId: row.id, data: { version: row.version - 1, seen_version: row.version } },
      {
        onSuccess: async () => {
          setConfirming(null);
          setMessages([{ text: t('versions.deleted.restored', { id: row.id }), error: false }]);
          await featureChanged({ layerId: layer.id, featureId: row.id });
        },
        onError: async (error) => {
          setConfirming(null);
          const current = conflictVersionOf(error);
          const texts =
            current === undefined
              ? fieldErrorsOf(error, t('versions.failed'))
              : [t('versions.conflict', { version: current })];
          setMessages(texts.map((text) => ({ text, error: true })));
          await featureChanged({ layerId: layer.id, featureId: row.id });
        },
      },
    );
  };

  return (
    <section className="deleted-features" aria-labelledby={`deleted-features-${layer.id}`}>
      <h3 id={`deleted-features-${layer.id}`}>{t('versions.deleted.title')}</h3>
      {messages.length > 0 && (
        <ul role={messages.some((m) => m.error) ? 'alert' : 'status'} className="form-errors">
          {messages.map((message) => (
            <li key={message.text}>{message.text}</li>
          ))}
        </ul>
      )}
      <QueryList query={list} empty={t('versions.deleted.empty')}>
        {(rows) => (
          <ListTable
            columns={[
              t('feature_table.id'),
              t('versions.deleted.values'),
              t('versions.deleted.deleted_at'),
              t('versions.deleted.deleted_by'),
              t('versions.deleted.files'),
              t('feature_table.actions'),
            ]}
          >
            {rows.map((row) => (
              <tr key={row.deletion_id}>
                <td>{row.id}</td>
                <td>
                  <Values layer={layer} row={row} />
                </td>
                <td>
                  <time dateTime={row.deleted_at}>{when.format(new Date(row.deleted_at))}</time>
                </td>
                <td>{row.deleted_by?.name ?? t('viewer.history.deleted_user')}</td>
                <td>{row.files_count}</td>
                <td>
                  <button type="button" className="btn btn-secondary" onClick={() => setConfirming(row)}>
                    {t('versions.deleted.restore')}
                  </button>
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </QueryList>
      <div className="filters-actions">
        {cursors.length > 0 && (
          <button type="button" className="btn btn-plain" onClick={() => setCursors(cursors.slice(0, -1))}>
            {t('versions.deleted.newer')}
          </button>
        )}
        {list.data?.meta.next_before ? (
          <button
            type="button"
            className="btn btn-plain"
            onClick={() => setCursors([...cursors, list.data.meta.next_before ?? 0])}
          >
            {t('versions.deleted.older')}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        isOpen={confirming !== null}
        title={t('versions.deleted.restore_title', { id: confirming?.id ?? 0 })}
        text={t('versions.deleted.restore_text')}
        confirmLabel={t('versions.deleted.restore')}
        onConfirm={() => confirming && confirm(confirming)}
        onCancel={() => setConfirming(null)}
        isPending={restore.isPending}
      />
    </section>
  );
}
