import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  useCreateCategory,
  useListCategories,
  useUpdateCategory,
} from '../../../generated/api/categories/categories';
import type { Category } from '../../../generated/model';
import { Button } from '../../components/ui/button';
import { Form } from '../../components/ui/form';
import { Select } from '../../components/ui/select';
import { LoadError, Loading } from '../../components/ui/status';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast';
import { useFormSubmission } from '../../lib/use-form-submission';
import { categoryOptions } from './category-tree';
import { invalidateMapData, useMapId, useOptionalId } from './map-cache';
import { mapCall } from './map-call';
import { mapPaths } from './map-paths';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const createCategory = useCreateCategory();
  const updateCategory = useUpdateCategory();
  const [name, setName] = useState(category?.name ?? '');
  const [parent, setParent] = useState(category?.parent_id ? String(category.parent_id) : '');
  const title = category ? t('maps.admin.category_edit') : t('maps.admin.category_create');
  // A category cannot move inside itself or its own sub-categories.
  const parents = [
    { id: '', label: t('map_admin.categories.top_level') },
    ...categoryOptions(all, category?.id),
  ];

  const save = () =>
    submit(() =>
      mapCall(async () => {
        const data = { name, parent_id: parent === '' ? null : Number(parent) };
        if (category) await updateCategory.mutateAsync({ id: category.id, params: { map_id: mapId }, data });
        else await createCategory.mutateAsync({ params: { map_id: mapId }, data });
        await invalidateMapData(queryClient, mapId);
        showToast(t('map_admin.categories.saved'));
        await navigate(mapPaths.section(mapId, 'categories'));
      }),
    );

  return (
    <section aria-labelledby="category-edit-title">
      <h2 id="category-edit-title">{title}</h2>
      <Form label={title} errors={errors} failure={failure} onSubmit={() => void save()}>
        <TextField label={t('map_admin.parts.name')} name="name" isRequired value={name} onChange={setName} />
        <Select
          label={t('map_admin.categories.parent')}
          name="parent_id"
          options={parents}
          value={parent}
          onChange={(value) => setParent(value ?? '')}
        />
        <Button type="submit" isPending={isSubmitting}>
          {t('common.save')}
        </Button>
      </Form>
    </section>
  );
}
