import { useTranslation } from 'react-i18next';
import { RowLink } from '@/components/admin-list/row-link';
import { LinkButton } from '@/components/ui/link-button';
import { EmptyState, LoadError, Loading } from '@/components/ui/status';
import { DeleteButton } from '@/components/admin-list/delete-button';

export type PartItem = { id: number; name: string; meta: string; editPath: string };

type PartListProps = {
  title: string;
  createLabel: string;
  createPath: string;
  emptyMessage: string;
  deletedMessage: string;
  state: { isPending: boolean; isError: boolean };
  items: readonly PartItem[];
  onDelete: (id: number) => Promise<void>;
};

/** The list screen shared by searches, main searches and filters: name, what it looks at, edit, delete. */
export function PartList({
  title,
  createLabel,
  createPath,
  emptyMessage,
  deletedMessage,
  state,
  items,
  onDelete,
}: PartListProps) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="part-list-title">
      <header className="section-header">
        <h2 id="part-list-title">{title}</h2>
        <LinkButton to={createPath}>{createLabel}</LinkButton>
      </header>
      {state.isPending ? (
        <Loading />
      ) : state.isError ? (
        <LoadError />
      ) : items.length === 0 ? (
        <EmptyState message={emptyMessage} />
      ) : (
        <ul className="item-list" aria-label={title}>
          {items.map((item) => (
            <li key={item.id} className="item-row" aria-label={item.name}>
              <span>
                <strong>{item.name}</strong>
                <span className="item-meta"> · {item.meta}</span>
              </span>
              <span className="item-actions">
                <RowLink to={item.editPath} label={t('map_admin.parts.edit_item', { name: item.name })}>
                  {t('common.edit')}
                </RowLink>
                <DeleteButton
                  label={t('map_admin.parts.delete_item', { name: item.name })}
                  doneMessage={deletedMessage}
                  onDelete={() => onDelete(item.id)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
