import { useTranslation } from 'react-i18next';
import { getDownloadExportQueryKey, useGetExport } from '@generated/api/exports/exports';
import type { ExportFile } from '@generated/model';

/** How often a running export is asked for its progress. */
export const EXPORT_POLL_MS = 1000;

const isRunning = (file: ExportFile) => file.status === 'pending' || file.status === 'running';

function formatSize(bytes: number | null): string {
  if (bytes === null) return '';
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * A started export: polls getExport while it is pending or running and draws its progress,
 * then offers the file. The download is a plain link: the browser streams it with the session cookie.
 */
export function ExportProgress({ started }: { started: ExportFile }) {
  const { t } = useTranslation();
  const query = useGetExport(started.id, {
    query: {
      enabled: isRunning(started),
      refetchInterval: (current) => {
        const file = current.state.data?.data;
        return file && !isRunning(file) ? false : EXPORT_POLL_MS;
      },
    },
  });
  const file = query.data?.data ?? started;
  const percent = Math.round(file.progress * 100);

  if (query.isError) return <p role="alert">{t('export_dialog.status_failed')}</p>;
  // A job the server gave up on (its attempts failed or died) is failed: the polling stops here.
  if (file.status === 'failed')
    return (
      <div role="alert">
        <p>{t('export_dialog.failed')}</p>
        <p>{t('export_dialog.failure.retry')}</p>
      </div>
    );
  if (isRunning(file)) {
    return (
      <div className="export-progress">
        <p id={`export-progress-${file.id}`}>
          {t(file.status === 'pending' ? 'export_dialog.pending' : 'export_dialog.running')}
        </p>
        <progress
          max={100}
          value={percent}
          aria-labelledby={`export-progress-${file.id}`}
          aria-valuetext={t('export_dialog.percent', { percent })}
        />
        <span aria-hidden="true">{t('export_dialog.percent', { percent })}</span>
      </div>
    );
  }
  const href = getDownloadExportQueryKey(file.id)[0];
  return (
    <div className="export-progress" role="status">
      <p>{t('export_dialog.ready')}</p>
      <a className="btn btn-primary" href={href} download={file.file_name}>
        {t('export_dialog.download', { name: file.file_name })}
      </a>
      <span className="export-size">{formatSize(file.size)}</span>
    </div>
  );
}
