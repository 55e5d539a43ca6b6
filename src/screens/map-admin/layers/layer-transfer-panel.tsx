import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useTransferLayer } from '@generated/api/layers/layers';
import { useListMaps } from '@generated/api/maps/maps';
import { LayerTransferMode, type Layer } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { EnumSelect } from '@/components/ui/enum-select';
import { Select } from '@/components/ui/select';
import { showToast } from '@/components/ui/toast';
import { useForm } from '@/lib/use-form';
import { mapCall } from '../shell/map-call';
import { mapPaths } from '../shell/map-paths';
import { mapChanged } from '@/lib/cache-changes';

/** Move or copy the layer, with its features, to another map. */
export function LayerTransferPanel({ mapId, layer }: { mapId: number; layer: Layer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const transfer = useTransferLayer();
  const maps = useListMaps({ per_page: 100, order_column: 'title', order_direction: 'asc' });
  const form = useForm<{ target: string | null; mode: LayerTransferMode }>({ target: null, mode: 'copy' });
  const targets = (maps.data?.data ?? [])
    .filter((map) => map.id !== mapId)
    .map((map) => ({ id: String(map.id), label: map.title }));

  const send = form.onSubmit(async ({ target, mode }) => {
    const targetId = Number(target);
    await mapCall(() =>
      transfer.mutateAsync({ id: mapId, layerId: layer.id, data: { target_map_id: targetId, mode } }),
    );
    await mapChanged(queryClient, mapId);
    await mapChanged(queryClient, targetId);
    showToast(t(`map_admin.transfer.done_${mode}`));
    if (mode === 'move') await navigate(mapPaths.section(mapId, 'layers'));
  });

  return (
    <section className="panel" aria-labelledby="layer-transfer-title">
      <h3 id="layer-transfer-title">{t('map_admin.transfer.title')}</h3>
      <Form label={t('map_admin.transfer.title')} form={form} onSubmit={send}>
        <div className="field-row">
          <Select
            label={t('map_admin.transfer.target')}
            name="target_map_id"
            isRequired
            options={targets}
            value={form.values.target}
            onChange={form.setter('target')}
          />
          <EnumSelect
            label={t('map_admin.transfer.mode')}
            name="mode"
            values={Object.values(LayerTransferMode)}
            optionLabel={(id) => t(`map_admin.transfer.modes.${id}`)}
            value={form.values.mode}
            onChange={form.setter('mode')}
          />
        </div>
        <Button type="submit" variant="secondary" isPending={form.isSubmitting}>
          {t('map_admin.transfer.submit')}
        </Button>
      </Form>
    </section>
  );
}
