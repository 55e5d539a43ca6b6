import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  getListLayerFeaturesQueryKey,
  useUpdateMultiSelectFeatures,
} from '../../../generated/api/features/features';
import type { Layer, LayerProperty } from '../../../generated/model';

function coerce(property: LayerProperty, text: string): string | number | boolean | null {
  if (text === '') return null;
  if (property.type === 'integer' || property.type === 'number') return Number(text);
  if (property.type === 'boolean') return text === 'true';
  return text;
}

type BulkEditFormProps = { mapId: number; layer: Layer; featureIds: readonly number[]; onDone: () => void };

/** Sets one property on every selected feature (updateMultiSelectFeatures). */
export function BulkEditForm({ mapId, layer, featureIds, onDone }: BulkEditFormProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [name, setName] = useState(layer.properties[0]?.name ?? '');
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useUpdateMultiSelectFeatures();
  const property = layer.properties.find((entry) => entry.name === name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!property || mutation.isPending) return;
    setMessage(null);
    mutation.mutate(
      {
        id: mapId,
        data: {
          layer_id: layer.id,
          feature_ids: [...featureIds],
          properties: { [name]: coerce(property, value) },
        },
      },
      {
        onSuccess: async (result) => {
          // Every cached page of this layer may hold a changed row.
          const [prefix] = getListLayerFeaturesQueryKey(mapId, layer.id);
          await queryClient.invalidateQueries({ queryKey: [prefix] });
          setMessage(t('feature_table.bulk.done', { count: result.data.updated_count }));
          onDone();
        },
        onError: () => setMessage(t('feature_table.bulk.failed')),
      },
    );
  };

  const choices =
    property?.type === 'boolean'
      ? ['true', 'false']
      : property?.type === 'enum'
        ? (property.options ?? [])
        : null;
  return (
    <form className="bulk-edit" onSubmit={submit} aria-label={t('feature_table.bulk.title')}>
      <label>
        {t('feature_table.bulk.property')}
        <select value={name} onChange={(event) => setName(event.target.value)}>
          {layer.properties.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {entry.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        {t('feature_table.bulk.value')}
        {choices ? (
          <select value={value} onChange={(event) => setValue(event.target.value)}>
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
              property?.type === 'integer' || property?.type === 'number'
                ? 'number'
                : property?.type === 'date'
                  ? 'date'
                  : 'text'
            }
            onChange={(event) => setValue(event.target.value)}
          />
        )}
      </label>
      <button
        type="submit"
        className="btn btn-primary"
        disabled={featureIds.length === 0 || mutation.isPending}
      >
        {t('feature_table.bulk.apply', { count: featureIds.length })}
      </button>
      {message && <p role="status">{message}</p>}
    </form>
  );
}
