import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getGetFeatureHistoryQueryKey,
  getListLayerFeaturesQueryKey,
  useUpdateFeatures,
} from '../../../generated/api/features/features';
import type { Feature, FeatureProperties, Layer, LayerProperty } from '../../../generated/model';
import { fieldErrorsOf } from './field-errors';

function toText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function fromText(property: LayerProperty, text: string): string | number | boolean | null {
  if (text === '') return null;
  if (property.type === 'integer' || property.type === 'number') return Number(text);
  if (property.type === 'boolean') return text === 'true';
  return text;
}

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
  const queryClient = useQueryClient();
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
          await queryClient.invalidateQueries({ queryKey: getGetFeatureHistoryQueryKey(mapId, featureId) });
          // Every cached table page of this layer may show the changed row.
          const [prefix] = getListLayerFeaturesQueryKey(mapId, layer.id);
          await queryClient.invalidateQueries({ queryKey: [prefix] });
          const saved = result.data.updated.find((feature) => feature.id === featureId);
          if (saved) onSaved(saved);
        },
        onError: (error) => setErrors(fieldErrorsOf(error, t('viewer.edit.failed'))),
      },
    );
  };

  return (
    <form className="feature-edit" onSubmit={submit} aria-label={t('viewer.edit.title')}>
      {layer.properties.map((property) => {
        const value = texts[property.name] ?? '';
        const set = (next: string) => setTexts((current) => ({ ...current, [property.name]: next }));
        const choices =
          property.type === 'boolean'
            ? ['true', 'false']
            : property.type === 'enum'
              ? (property.options ?? [])
              : null;
        return (
          <label key={property.name} className="filter-field">
            {property.label}
            {choices ? (
              <select value={value} onChange={(event) => set(event.target.value)}>
                <option value="">—</option>
                {choices.map((choice) => (
                  <option key={choice} value={choice}>
                    {choice}
                  </option>
                ))}
              </select>
            ) : (
              <input
                value={value}
                type={
                  property.type === 'integer' || property.type === 'number'
                    ? 'number'
                    : property.type === 'date'
                      ? 'date'
                      : 'text'
                }
                step={property.type === 'number' ? 'any' : undefined}
                onChange={(event) => set(event.target.value)}
              />
            )}
          </label>
        );
      })}
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
