import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useListLayers } from '@generated/api/layers/layers';
import type { Layer } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { LoadError, Loading } from '@/components/ui/status';
import { showToast } from '@/components/ui/toast';
import type { FormState } from '@/lib/use-form';
import { useMapId, useOptionalId } from '../shell/map-cache';
import { mapCall } from '../shell/map-call';
import { mapPaths } from '../shell/map-paths';
import { mapChanged } from '@/lib/cache-changes';

/**
 * The create and edit screens of a map's parts (searches, main searches, filters, categories)
 * differ only in their fields. What they share lives here: finding the part the route names,
 * and the form around the fields (title, the map-area call rules, save, refresh, toast, back).
 */

/** What a part's form gets: its map, the part being edited (none on create) and the map's layers. */
export interface PartFormProps<Part> {
  mapId: number;
  part: Part | undefined;
  layers: readonly Layer[];
}

/** `…/create` and `…/:idParam/edit` of a part that belongs to a layer of the map. */
export function PartEditScreen<Part extends { id: number }>({
  idParam,
  useParts,
  form: PartForm,
}: {
  idParam: string;
  /** The generated list hook of the part's kind. */
  useParts: (mapId: number) => UseQueryResult<{ data: Part[] }, unknown>;
  form: ComponentType<PartFormProps<Part>>;
}) {
  const { t } = useTranslation();
  const mapId = useMapId();
  const partId = useOptionalId(idParam);
  const parts = useParts(mapId);
  const layers = useListLayers(mapId);
  if (parts.isPending || layers.isPending) return <Loading />;
  if (parts.isError || layers.isError) return <LoadError />;
  const part = partId === undefined ? undefined : parts.data.data.find((row) => row.id === partId);
  if (partId !== undefined && !part) return <LoadError message={t('map_admin.parts.not_found')} />;
  return <PartForm key={part?.id ?? 'new'} mapId={mapId} part={part} layers={layers.data.data} />;
}

/** Per kind of part: the list its form returns to after a save, and the toast it shows. */
const PART_FORMS = {
  search: { section: 'searches', saved: 'map_admin.searches.saved' },
  main_search: { section: 'main-search', saved: 'map_admin.main_searches.saved' },
  filter: { section: 'filters', saved: 'map_admin.filters.saved' },
  category: { section: 'categories', saved: 'map_admin.categories.saved' },
} as const;

export type PartFormKind = keyof typeof PART_FORMS;

export function PartFormShell<V extends object>({
  kind,
  mapId,
  editing,
  form,
  persist,
  children,
}: {
  kind: PartFormKind;
  mapId: number;
  editing: boolean;
  /** The part form's values and submission (useForm). */
  form: FormState<V>;
  /** Creates or updates the part; then the map's data is refreshed, the toast shown, the list opened. */
  persist: (values: V) => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { section, saved } = PART_FORMS[kind];
  const title = t(`maps.admin.${kind}_${editing ? 'edit' : 'create'}`);
  const titleId = `${kind.replace('_', '-')}-edit-title`;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const save = form.onSubmit((values) =>
    mapCall(async () => {
      await persist(values);
      await mapChanged(queryClient, mapId);
      showToast(t(saved));
      await navigate(mapPaths.section(mapId, section));
    }),
  );

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>{title}</h2>
      <Form label={title} form={form} onSubmit={save}>
        {children}
        <Button type="submit" isPending={form.isSubmitting}>
          {t('common.save')}
        </Button>
      </Form>
    </section>
  );
}
