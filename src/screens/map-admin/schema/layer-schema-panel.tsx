import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteLayerProperties, useUpdateLayerProperties } from '@generated/api/layers/layers';
import type { Layer } from '@generated/model';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Form } from '@/components/ui/form';
import { showToast } from '@/components/ui/toast';
import { useForm } from '@/lib/use-form';
import { mapCall } from '../shell/map-call';
import { SchemaEditor } from './schema-editor';
import { schemaInput, schemaRows, type SchemaRow } from './schema-rows';
import { mapChanged } from '@/lib/cache-changes';

/**
 * The attribute schema of a saved layer. Saving sends every entry (renames carry
 * `previous_name`); removing a saved entry deletes it and its values at once, after a confirm.
 */
export function LayerSchemaPanel({ mapId, layer }: { mapId: number; layer: Layer }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const updateProperties = useUpdateLayerProperties();
  const deleteProperties = useDeleteLayerProperties();
  const form = useForm(() => ({ rows: schemaRows(layer.properties) }));
  const { rows } = form.values;
  const [removing, setRemoving] = useState<SchemaRow | null>(null);

  const save = form.onSubmit(async (values) => {
    const answer = await mapCall(() =>
      updateProperties.mutateAsync({
        id: mapId,
        layerId: layer.id,
        data: { properties: values.rows.map(schemaInput) },
      }),
    );
    form.reset({ rows: schemaRows(answer.data.properties) });
    await mapChanged(queryClient, mapId);
    showToast(t('map_admin.schema.saved'));
  });

  const remove = async (row: SchemaRow) => {
    setRemoving(null);
    if (row.saved === null) return;
    const name = row.saved;
    try {
      const answer = await mapCall(() =>
        deleteProperties.mutateAsync({ id: mapId, layerId: layer.id, data: { names: [name] } }),
      );
      // Unsaved edits of the other entries stay as typed.
      form.update('rows', (old) =>
        old
          .filter((other) => other.key !== row.key)
          .map((other) =>
            other.saved !== null && !answer.data.properties.some((entry) => entry.name === other.saved)
              ? { ...other, saved: null }
              : other,
          ),
      );
      await mapChanged(queryClient, mapId);
      showToast(t('map_admin.schema.removed', { name }));
    } catch {
      showToast(t('errors.something_went_wrong'), 'error');
    }
  };

  return (
    <section className="panel" aria-labelledby="layer-schema-title">
      <h3 id="layer-schema-title">{t('map_admin.schema.title')}</h3>
      <Form label={t('map_admin.schema.title')} form={form} onSubmit={save}>
        <SchemaEditor rows={rows} onChange={form.setter('rows')} onRemoveSaved={setRemoving} />
        <Button type="submit" isPending={form.isSubmitting} isDisabled={rows.length === 0}>
          {t('map_admin.schema.save')}
        </Button>
      </Form>
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('confirm.title')}
        text={t('map_admin.schema.remove_text', { name: removing?.saved ?? '' })}
        confirmLabel={t('confirm.delete')}
        onConfirm={() => removing && void remove(removing)}
        onCancel={() => setRemoving(null)}
      />
    </section>
  );
}
