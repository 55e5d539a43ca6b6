import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteFeatureFile, useUploadFeatureFiles } from '@generated/api/files/files';
import type { FeatureFile } from '@generated/model';
import { featureOf, useAppAbility } from '@/lib/ability';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useFeatureChange } from '@/lib/cache-changes';

type FeatureFilesProps = {
  mapId: number;
  /** The feature's layer: a rule may make one layer read-only. */
  layerId: number;
  featureId: number;
  /**
   * The files the feature came with (feature lists and filter answers carry them);
   * undefined when the feature was clicked on a tile, which carries no files.
   */
  files: readonly FeatureFile[] | undefined;
};

/** The feature's attachments: download links for all, upload and delete for those who may update. */
export function FeatureFiles({ mapId, layerId, featureId, files }: FeatureFilesProps) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const featureChanged = useFeatureChange(mapId);
  const [list, setList] = useState<FeatureFile[]>(() => [...(files ?? [])]);
  const upload = useUploadFeatureFiles();
  const remove = useDeleteFeatureFile();
  const mayChange = ability.can('update', featureOf(mapId, layerId));
  // Every file change writes a history entry on the server.
  const refreshHistory = () => featureChanged({ featureId });

  const attach = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    if (chosen.length === 0) return;
    upload.mutate(
      { data: { feature_id: featureId, files: chosen } },
      {
        onSuccess: (stored) => {
          setList((current) => [...current, ...stored.data]);
          void refreshHistory();
        },
      },
    );
  };
  const drop = (file: FeatureFile) =>
    remove.mutate(
      { id: mapId, fileId: file.id, params: { storage_type: file.storage_type } },
      {
        onSuccess: () => {
          setList((current) => current.filter((row) => row.id !== file.id));
          void refreshHistory();
        },
      },
    );

  return (
    <section aria-label={t('viewer.files.title')}>
      <h3>{t('viewer.files.title')}</h3>
      {list.length === 0 ? (
        <p className="status status-empty">
          {files === undefined ? t('viewer.files.unknown') : t('viewer.files.empty')}
        </p>
      ) : (
        <ul className="feature-files">
          {list.map((file) => (
            <li key={file.id}>
              <a href={file.url} download={file.name}>
                {file.name}
              </a>
              {mayChange && (
                <button
                  type="button"
                  className="icon-button"
                  aria-label={t('viewer.files.delete', { name: file.name })}
                  disabled={remove.isPending}
                  onClick={() => drop(file)}
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {mayChange && (
        <label className="btn btn-secondary">
          {t('viewer.files.upload')}
          <input type="file" multiple hidden disabled={upload.isPending} onChange={attach} />
        </label>
      )}
      {upload.isPending && <p role="status">{t('viewer.files.uploading')}</p>}
      {upload.isError && (
        <ul role="alert" className="field-errors">
          {fieldErrorsOf(upload.error, t('viewer.files.upload_failed')).map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {remove.isError && <p role="alert">{t('viewer.files.delete_failed')}</p>}
    </section>
  );
}
