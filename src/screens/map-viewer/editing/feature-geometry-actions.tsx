import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateFeatures } from '@generated/api/features/features';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { featureOf, useAppAbility } from '@/lib/ability';
import { fieldErrorsOf } from '@/lib/field-errors';
import { useFeatureChange } from '@/lib/cache-changes';
import { ErrorList } from '@/components/ui/error-list';

type FeatureGeometryActionsProps = {
  mapId: number;
  layerId: number;
  featureId: number;
  /** Null while the whole geometry is not known yet (a click's tile holds only a cut of it). */
  onEditGeometry: (() => void) | null;
  onDeleted: () => void;
};

/** "Edit geometry" for those who may update the layer's features, "Delete feature" for those who may delete them. */
export function FeatureGeometryActions({
  mapId,
  layerId,
  featureId,
  onEditGeometry,
  onDeleted,
}: FeatureGeometryActionsProps) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const featureChanged = useFeatureChange(mapId);
  const [confirming, setConfirming] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const remove = useUpdateFeatures();
  const feature = featureOf(mapId, layerId);
  const mayReshape = ability.can('update', feature);
  const mayDelete = ability.can('delete', feature);
  if (!mayReshape && !mayDelete) return null;

  const confirmDelete = () => {
    setErrors([]);
    remove.mutate(
      { id: mapId, data: { features: [], delete_ids: [featureId] } },
      {
        onSuccess: async () => {
          setConfirming(false);
          await featureChanged({ layerId, featureId });
          onDeleted();
        },
        onError: (error) => {
          setConfirming(false);
          setErrors(fieldErrorsOf(error, t('viewer.geometry.delete_failed')));
        },
      },
    );
  };

  return (
    <div className="filters-actions feature-geometry-actions">
      {mayReshape && (
        <button
          type="button"
          className="btn btn-secondary"
          disabled={!onEditGeometry}
          onClick={() => onEditGeometry?.()}
        >
          {t('viewer.geometry.edit')}
        </button>
      )}
      {mayDelete && (
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          {t('viewer.geometry.delete')}
        </button>
      )}
      <ErrorList messages={errors} />
      <ConfirmDialog
        isOpen={confirming}
        title={t('viewer.geometry.delete_title', { id: featureId })}
        text={t('viewer.geometry.delete_text')}
        confirmLabel={t('viewer.geometry.delete')}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(false)}
        isPending={remove.isPending}
      />
    </div>
  );
}
