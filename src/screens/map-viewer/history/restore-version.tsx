import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRestoreFeatureVersion } from '@generated/api/features/features';
import type { Feature } from '@generated/model';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { conflictVersionOf } from '@/lib/version-conflict';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useFeatureChange } from '@/lib/cache-changes';
import { ErrorList } from '@/components/ui/error-list';

type RestoreVersionProps = {
  mapId: number;
  layerId: number;
  featureId: number;
  /** The version to put back. */
  version: number;
  /** The newest version the history showed: a change since then is a 409, never overwritten. */
  seenVersion: number;
  onRestored?: (feature: Feature) => void;
};

/**
 * "Restore this version" with its confirmation (restoreFeatureVersion). After it, every view
 * of the feature refreshes through the one "a feature changed" hook; a 409 is explained and
 * the history reloaded so the caller sees what changed.
 */
export function RestoreVersion({
  mapId,
  layerId,
  featureId,
  version,
  seenVersion,
  onRestored,
}: RestoreVersionProps) {
  const { t } = useTranslation();
  const featureChanged = useFeatureChange(mapId);
  const restore = useRestoreFeatureVersion();
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  const confirm = () => {
    setErrors([]);
    restore.mutate(
      { id: mapId, featureId, data: { version, seen_version: seenVersion } },
      {
        onSuccess: async (answer) => {
          setConfirming(false);
          await featureChanged({ layerId, featureId });
          onRestored?.(answer.data);
        },
        onError: async (error) => {
          setConfirming(false);
          const current = conflictVersionOf(error);
          if (current !== undefined) {
            setErrors([t('versions.conflict', { version: current })]);
            await featureChanged({ featureId });
          } else setErrors(fieldErrorsOf(error, t('versions.failed')));
        },
      },
    );
  };

  return (
    <div className="restore-version">
      <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
        {t('versions.restore')}
      </button>
      <ErrorList messages={errors} />
      <ConfirmDialog
        isOpen={confirming}
        title={t('versions.restore_title', { version, id: featureId })}
        text={t('versions.restore_text')}
        confirmLabel={t('versions.restore')}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        isPending={restore.isPending}
      />
    </div>
  );
}
