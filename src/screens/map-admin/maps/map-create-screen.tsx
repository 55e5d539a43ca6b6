import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCreateMap } from '@generated/api/maps/maps';
import { showToast } from '@/components/ui/toast';
import { MapForm } from './map-form';
import { mapPaths } from '../shell/map-paths';
import { mapCreated } from '@/lib/cache-changes';
import { NarrowPage } from '@/components/ui/narrow-page';

/** /maps/create: a new map, then straight to its layers. */
export function MapCreateScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const createMap = useCreateMap();
  return (
    <NarrowPage title={t('maps.create')}>
      <MapForm
        label={t('maps.create')}
        submitLabel={t('map_admin.map_form.create')}
        onSubmit={async (values) => {
          const created = await createMap.mutateAsync({ data: values });
          await mapCreated(queryClient);
          showToast(t('map_admin.map_form.created'));
          await navigate(mapPaths.section(created.data.id, 'layers'));
        }}
      />
    </NarrowPage>
  );
}
