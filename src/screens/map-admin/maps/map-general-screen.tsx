import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useGetMap, useUpdateMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '@/components/ui/status';
import { showToast } from '@/components/ui/toast';
import { useMapId } from '../shell/map-cache';
import { MapForm } from './map-form';
import { mapChanged } from '@/lib/cache-changes';

/** general: edit the map itself. */
export function MapGeneralScreen() {
  const { t } = useTranslation();
  const id = useMapId();
  const queryClient = useQueryClient();
  const map = useGetMap(id);
  const updateMap = useUpdateMap();
  if (map.isPending) return <Loading />;
  if (map.isError) return <LoadError />;
  return (
    <section aria-labelledby="map-general-title">
      <h2 id="map-general-title">{t('maps.admin.general')}</h2>
      <MapForm
        key={map.data.data.updated_at}
        label={t('maps.admin.general')}
        submitLabel={t('common.save')}
        map={map.data.data}
        onSubmit={async (values) => {
          await updateMap.mutateAsync({ id, data: values });
          await mapChanged(queryClient, id);
          showToast(t('map_admin.map_form.updated'));
        }}
      />
    </section>
  );
}
