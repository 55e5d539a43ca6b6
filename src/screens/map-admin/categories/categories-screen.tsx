import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  useDeleteCategory,
  useListCategories,
  useUpdateCategory,
} from '@generated/api/categories/categories';
import type { Category } from '@generated/model';
import { MoveButtons } from '@/components/admin-list/move-buttons';
import { RowLink } from '@/components/admin-list/row-link';
import { LinkButton } from '@/components/ui/link-button';
import { QueryList } from '@/components/ui/query-list';
import { showToast } from '@/components/ui/toast';
import { categoryTree, type CategoryNode } from './category-tree';
import { DeleteButton } from '@/components/admin-list/delete-button';
import { removeFromLists, useMapId } from '../shell/map-cache';
import { mapCall } from '../shell/map-call';
import { mapPaths } from '../shell/map-paths';
import { applyOrderChanges } from '../shell/reorder';
import { mapChanged } from '@/lib/cache-changes';

/** categories: the layer tree's folders; create, rename and nest (edit), reorder, delete. */
export function CategoriesScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const queryClient = useQueryClient();
  const categories = useListCategories({ map_id: mapId });
  const updateCategory = useUpdateCategory();
  const deleteCategory = useDeleteCategory();

  // Reordering renumbers the siblings 0..n so the swap is exact even after gaps.
  const move = async (siblings: readonly CategoryNode[], index: number, by: -1 | 1) => {
    const order = siblings.map((node) => node.category);
    const [moved] = order.splice(index, 1);
    if (!moved) return;
    order.splice(index + by, 0, moved);
    try {
      await applyOrderChanges(
        order.map((category, position) => ({ item: category, from: category.order, to: position })),
        (category, position) =>
          mapCall(() =>
            updateCategory.mutateAsync({
              id: category.id,
              params: { map_id: mapId },
              data: { order: position },
            }),
          ),
      );
    } catch {
      showToast(t('map_admin.reorder_failed'), 'error');
    }
    await mapChanged(queryClient, mapId);
  };

  const remove = async (category: Category) => {
    await mapCall(() => deleteCategory.mutateAsync({ id: category.id, params: { map_id: mapId } }));
    removeFromLists(queryClient, '/api/layer-categories', category.id);
    await mapChanged(queryClient, mapId);
  };

  const renderNodes = (nodes: readonly CategoryNode[]) => (
    <ul>
      {nodes.map((node, index) => (
        <li key={node.category.id}>
          <div className="item-row" role="group" aria-label={node.category.name}>
            <strong>{node.category.name}</strong>
            <span className="item-actions">
              <MoveButtons
                upLabel={t('map_admin.categories.move_up', { name: node.category.name })}
                downLabel={t('map_admin.categories.move_down', { name: node.category.name })}
                canMoveUp={index > 0}
                canMoveDown={index < nodes.length - 1}
                onMove={(step) => void move(nodes, index, step)}
              />
              <RowLink
                to={mapPaths.section(mapId, `categories/${node.category.id}/edit`)}
                label={t('map_admin.categories.edit_category', { name: node.category.name })}
              >
                {t('common.edit')}
              </RowLink>
              <DeleteButton
                label={t('map_admin.categories.delete_category', { name: node.category.name })}
                doneMessage={t('map_admin.categories.deleted')}
                onDelete={() => remove(node.category)}
              />
            </span>
          </div>
          {node.children.length > 0 ? renderNodes(node.children) : null}
        </li>
      ))}
    </ul>
  );

  return (
    <section aria-labelledby="categories-title">
      <header className="section-header">
        <h2 id="categories-title">{t('maps.admin.categories')}</h2>
        <LinkButton to={mapPaths.section(mapId, 'categories/create')}>
          {t('maps.admin.category_create')}
        </LinkButton>
      </header>
      <p className="item-meta">{t('map_admin.categories.hint')}</p>
      <QueryList query={categories} empty={t('map_admin.categories.empty')}>
        {(rows) => (
          <nav className="category-tree" aria-label={t('map_admin.categories.tree')}>
            {renderNodes(categoryTree(rows))}
          </nav>
        )}
      </QueryList>
    </section>
  );
}
