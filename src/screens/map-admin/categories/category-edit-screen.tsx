import { useTranslation } from 'react-i18next';
import {
  useCreateCategory,
  useListCategories,
  useUpdateCategory,
} from '@generated/api/categories/categories';
import type { Category } from '@generated/model';
import { Select } from '@/components/ui/select';
import { LoadError, Loading } from '@/components/ui/status';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { categoryOptions } from './category-tree';
import { useMapId, useOptionalId } from '../shell/map-cache';
import { PartFormShell } from '../parts/part-form-shell';

/** categories/create and categories/:category_id/edit: name and the folder it sits in. */
export function CategoryEditScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const categoryId = useOptionalId('category_id');
  const categories = useListCategories({ map_id: mapId });
  if (categories.isPending) return <Loading />;
  if (categories.isError) return <LoadError />;
  const category =
    categoryId === undefined ? undefined : categories.data.data.find((row) => row.id === categoryId);
  if (categoryId !== undefined && !category) return <LoadError message={t('map_admin.parts.not_found')} />;
  return (
    <CategoryForm key={category?.id ?? 'new'} mapId={mapId} category={category} all={categories.data.data} />
  );
}

function CategoryForm({
  mapId,
  category,
  all,
}: {
  mapId: number;
  category?: Category;
  all: readonly Category[];
}) {
  const { t } = useTranslation();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const form = useForm({
    name: category?.name ?? '',
    parent: category?.parent_id ? String(category.parent_id) : '',
  });
  // A category cannot move inside itself or its own sub-categories.
  const parents = [
    { id: '', label: t('map_admin.categories.top_level') },
    ...categoryOptions(all, category?.id),
  ];

  const persist = ({ name, parent }: typeof form.values) => {
    const data = { name, parent_id: parent === '' ? null : Number(parent) };
    return category
      ? updateCategory.mutateAsync({ id: category.id, params: { map_id: mapId }, data })
      : createCategory.mutateAsync({ params: { map_id: mapId }, data });
  };

  return (
    <PartFormShell
      kind="category"
      mapId={mapId}
      editing={category !== undefined}
      form={form}
      persist={persist}
    >
      <TextField label={t('map_admin.parts.name')} isRequired {...form.field('name')} />
      <Select
        label={t('map_admin.categories.parent')}
        name="parent_id"
        options={parents}
        value={form.values.parent}
        onChange={(value) => form.set('parent', value ?? '')}
      />
    </PartFormShell>
  );
}
