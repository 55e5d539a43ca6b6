import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateFeatures } from '@generated/api/features/features';
import type { Feature } from '@generated/model';
import { Select } from '@/components/ui/select';
import { featureOf, useAppAbility } from '@/lib/ability';
import { fieldErrorsOf } from '@/lib/field-errors';
import { NewFeatureForm } from './new-feature-form';
import { useFeatureChange } from '@/lib/cache-changes';
import type { GeometryEditing } from './use-geometry-editing';
import { ErrorList } from '@/components/ui/error-list';
import { useViewer } from '../shell/viewer-context';

type GeometryToolsProps = {
  editing: GeometryEditing;
  /** A feature drawn or reshaped and stored: the viewer selects it and redraws its layer. */
  onSaved: (feature: Feature) => void;
};

/** Editors' drawing tools: draw a new feature on a vector layer, or save a reshaped geometry. */
export function GeometryTools({ editing, onSaved }: GeometryToolsProps) {
  const { t } = useTranslation();
  const { mapId, layers } = useViewer();
  const ability = useAppAbility();
  const featureChanged = useFeatureChange(mapId);
  const vector = layers.filter((layer) => layer.type === 'vector' && layer.geometry_type);
  // Only the layers this user may add features to (a rule may make a layer read-only for them).
  const drawable = vector.filter((layer) => ability.can('create', featureOf(mapId, layer.id)));
  const reshapable = vector.some((layer) => ability.can('update', featureOf(mapId, layer.id)));
  const [layerId, setLayerId] = useState<number | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const save = useUpdateFeatures();
  if (drawable.length === 0 && !reshapable) return null;
  const { session, pending, stop } = editing;
  const chosen = drawable.find((layer) => layer.id === layerId) ?? drawable[0];
  const sessionLayer = session ? layers.find((layer) => layer.id === session.layerId) : undefined;

  const saveGeometry = () => {
    if (session?.kind !== 'modify' || !pending || save.isPending) return;
    setErrors([]);
    const { featureId, layerId: editedLayerId } = session;
    save.mutate(
      {
        id: mapId,
        data: { features: [{ type: 'Feature', id: featureId, layer_id: editedLayerId, geometry: pending }] },
      },
      {
        onSuccess: async (result) => {
          await featureChanged({ layerId: editedLayerId, featureId });
          const saved = result.data.updated.find((feature) => feature.id === featureId);
          stop();
          if (saved) onSaved(saved);
        },
        onError: (error) => setErrors(fieldErrorsOf(error, t('viewer.geometry.save_failed'))),
      },
    );
  };

  return (
    <section className="viewer-panel geometry-tools" aria-labelledby="geometry-tools-title">
      <h2 id="geometry-tools-title">{t('viewer.geometry.title')}</h2>
      {!session && drawable.length > 0 && (
        <div className="geometry-draw">
          <Select
            label={t('viewer.geometry.layer')}
            name="draw_layer"
            options={drawable.map((layer) => ({ id: String(layer.id), label: layer.name }))}
            value={chosen ? String(chosen.id) : null}
            onChange={(id) => {
              if (id !== null) setLayerId(Number(id));
            }}
          />
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => chosen && editing.startDraw(chosen)}
          >
            {t('viewer.geometry.draw')}
          </button>
        </div>
      )}
      {session?.kind === 'draw' && !pending && (
        <>
          <p role="status">{t('viewer.geometry.drawing_hint', { layer: sessionLayer?.name ?? '' })}</p>
          <button type="button" className="btn btn-secondary" onClick={stop}>
            {t('viewer.geometry.cancel')}
          </button>
        </>
      )}
      {session?.kind === 'draw' && pending && sessionLayer && (
        <>
          <h3>{t('viewer.geometry.new_title', { layer: sessionLayer.name })}</h3>
          <NewFeatureForm
            mapId={mapId}
            layer={sessionLayer}
            geometry={pending}
            onCreated={(feature) => {
              stop();
              onSaved(feature);
            }}
            onCancel={stop}
          />
        </>
      )}
      {session?.kind === 'modify' && (
        <>
          <p role="status">
            {t(pending ? 'viewer.geometry.modified_hint' : 'viewer.geometry.modify_hint', {
              layer: sessionLayer?.name ?? '',
              id: session.featureId,
            })}
          </p>
          <ErrorList messages={errors} />
          <div className="filters-actions">
            <button
              type="button"
              className="btn btn-primary"
              disabled={!pending || save.isPending}
              onClick={saveGeometry}
            >
              {t('viewer.geometry.save')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={stop}>
              {t('viewer.geometry.cancel')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
