import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateLayerFeature } from '../../../generated/api/features/features';
import type { Feature, FeatureProperties, Geometry, Layer } from '../../../generated/model';
import { fieldErrorsOf } from './field-errors';
import { fromText, PropertyFields } from './property-fields';
import { useFeatureChange } from './use-feature-change';

type NewFeatureFormProps = {
  mapId: number;
  layer: Layer;
  geometry: Geometry;
  onCreated: (feature: Feature) => void;
  onCancel: () => void;
};

/** The properties of a feature just drawn, by the layer schema; saved with createLayerFeature. */
export function NewFeatureForm({ mapId, layer, geometry, onCreated, onCancel }: NewFeatureFormProps) {
  const { t } = useTranslation();
  const featureChanged = useFeatureChange(mapId);
  const [texts, setTexts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<string[]>([]);
  const create = useCreateLayerFeature();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    setErrors([]);
    const properties: FeatureProperties = {};
    for (const property of layer.properties) {
      const text = texts[property.name] ?? '';
      if (text !== '') properties[property.name] = fromText(property, text);
    }
    create.mutate(
      { id: mapId, layerId: layer.id, data: { type: 'Feature', geometry, properties } },
      {
        onSuccess: async (result) => {
          await featureChanged({ layerId: layer.id });
          onCreated(result.data);
        },
        onError: (error) => setErrors(fieldErrorsOf(error, t('viewer.geometry.save_failed'))),
      },
    );
  };

  return (
    <form
      className="feature-edit"
      onSubmit={submit}
      aria-label={t('viewer.geometry.new_title', { layer: layer.name })}
    >
      <PropertyFields
        properties={layer.properties}
        texts={texts}
        onChange={(name, text) => setTexts((current) => ({ ...current, [name]: text }))}
      />
      {errors.length > 0 && (
        <ul role="alert" className="form-errors">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      <div className="filters-actions">
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {t('viewer.geometry.create')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('viewer.geometry.cancel')}
        </button>
      </div>
    </form>
  );
}
