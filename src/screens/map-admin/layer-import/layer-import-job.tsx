import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getListLayersQueryOptions, useGetImport } from '@generated/api/layers/layers';
import type { LayerImportJob, LayerImportResult } from '@generated/model';
import { ProgressBar } from '@/components/ui/progress-bar';

/**
 * Files above this go to the import job operation, with a progress bar: a million-row CSV
 * (about 45 MB) takes minutes to store, too long to wait on one request with no progress. The
 * in-request import takes up to 50 MB, for API callers.
 */
export const IN_REQUEST_IMPORT_LIMIT = 10 * 1024 * 1024;

const POLL_MS = 1000;
const finished = (job: LayerImportJob | undefined) => job?.status === 'ready' || job?.status === 'failed';

type ImportJobProgressProps = {
  mapId: number;
  jobId: string;
  onReady: (result: LayerImportResult) => void | Promise<void>;
  onFailed: (reason: string) => void;
};

/** Polls an import job for its progress bar; when it is done, hands over the new layer or the reason. */
export function ImportJobProgress({ mapId, jobId, onReady, onFailed }: ImportJobProgressProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const job = useGetImport(jobId, {
    query: { refetchInterval: (query) => (finished(query.state.data?.data) ? false : POLL_MS) },
  });
  const data = job.data?.data;
  const handled = useRef(false);
  const callbacks = useRef({ onReady, onFailed });
  useEffect(() => {
    callbacks.current = { onReady, onFailed };
  }, [onReady, onFailed]);

  useEffect(() => {
    if (!data || !finished(data) || handled.current) return;
    handled.current = true;
    if (data.status === 'failed' || data.layer_id === null) {
      callbacks.current.onFailed(data.error ?? t('errors.something_went_wrong'));
      return;
    }
    const layerId = data.layer_id;
    // The job names the new layer; the layer itself (with its inferred schema) comes from the list.
    void queryClient
      .fetchQuery({ ...getListLayersQueryOptions(mapId), staleTime: 0 })
      .then((layers) => {
        const layer = layers.data.find((row) => row.id === layerId);
        if (!layer) throw new Error('imported layer not listed');
        return callbacks.current.onReady({
          data: layer,
          meta: {
            features_imported: data.features_imported ?? 0,
            features_skipped: data.features_skipped ?? 0,
            warnings: data.warnings,
          },
        });
      })
      .catch(() => callbacks.current.onFailed(t('errors.something_went_wrong')));
  }, [data, mapId, queryClient, t]);

  if (job.isError) return <p role="alert">{t('layer_import.job_lost')}</p>;
  return (
    <ProgressBar
      label={data?.status === 'running' ? t('layer_import.job_running') : t('layer_import.job_pending')}
      value={data?.status === 'running' ? data.progress : undefined}
    />
  );
}
