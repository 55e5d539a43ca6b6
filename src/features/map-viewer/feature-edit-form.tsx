import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateFeatures } from '../../../generated/api/features/features';
import type { Feature, FeatureProperties, Layer } from '../../../generated/model';
import { fieldErrorsOf } from './field-errors';
import { fromText, PropertyFields, toText } from './property-fields';
import { useFeatureChange } from './use-feature-change';

type FeatureEditFormProps = {
  mapId: number;
  layer: Layer;
  featureId: number;
  properties: Record<string, unknown>;
  onSaved: (feature: Feature) => void;
  onCancel: () => void;
};

/** Edits a feature's properties by the layer schema and saves them with updateFeatures. */
export function FeatureEditForm({
  mapId,
  layer,
  featureId,
  properties,
  onSaved,
  onCancel,
}: FeatureEditFormProps) {
  const { t } = useTranslation();
  const featureChanged = useFeatureChange(mapId);
  const [texts, setTexts] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      layer.properties.map((property) => [property.name, toText(properties[property.name])]),
    ),
  );
  const [errors, setErrors] = useState<string[]>([]);
  const save = useUpdateFeatures();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setErrors([]);
    const changed: FeatureProperties = {};
    for (const property of layer.properties) {
      const text = texts[property.name] ?? '';
      if (text !== toText(properties[property.name])) changed[property.name] = fromText(property, text);
    }
    if (Object.keys(changed).length === 0) return onCancel();
    save.mutate(
      {
        id: mapId,
        data: { features: [{ type: 'Feature', id: featureId, layer_id: layer.id, properties: changed }] },
      },
      {
        onSuccess: async (result) => {
          await featureChanged({ layerId: layer.id, featureId });
          const saved = result.data.updated.find((feature) => feature.id === featureId);
          if (saved) onSaved(saved);
        },
        onError: (error) => setErrors(fieldErrorsOf(error, t('viewer.edit.failed'))),
      },
    );
  };

  return (
    <form className="feature-edit" onSubmit={submit} aria-label={t('viewer.edit.title')}>
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
        <button type="submit" className="btn btn-primary" disabled={save.isPending}>
          {t('viewer.edit.save')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onCancel}>
          {t('viewer.edit.cancel')}
        </button>
      </div>
    </form>
  );
}
