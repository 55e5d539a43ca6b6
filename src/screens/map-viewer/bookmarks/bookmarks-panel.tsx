import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateBookmark, useDeleteBookmark } from '@generated/api/bookmarks/bookmarks';
import type { Bookmark } from '@generated/model';
import type { MapViewModel } from '@/map';
import { fieldErrorsOf } from '@/lib/field-errors';
import { bookmarksChanged } from '@/lib/cache-changes';

type BookmarksPanelProps = {
  mapId: number;
  /** The caller's bookmarks as `showMap` sent them; the panel keeps its own list after that. */
  bookmarks: readonly Bookmark[];
  view: MapViewModel;
  visibleLayerIds: readonly number[];
  onGo: (bookmark: Bookmark) => void;
};

/** The caller's saved views of this map: save the current one, go to one, delete one. */
export function BookmarksPanel({ mapId, bookmarks, view, visibleLayerIds, onGo }: BookmarksPanelProps) {
  const { t } = useTranslation();
  const [list, setList] = useState<Bookmark[]>(() => [...bookmarks]);
  const [name, setName] = useState('');
  const create = useCreateBookmark();
  const remove = useDeleteBookmark();
  const queryClient = useQueryClient();
  // The cached map detail still holds the old list: mark it stale (without refetching the
  // whole map now) so the next visit to this map shows the bookmarks as they are.
  const forgetCachedMap = () => bookmarksChanged(queryClient, mapId);

  const save = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      {
        id: mapId,
        data: {
          name: name.trim(),
          center: view.center,
          zoom: view.zoom,
          rotation: view.rotation,
          visible_layer_ids: [...visibleLayerIds],
        },
      },
      {
        onSuccess: (created) => {
          setList((current) => [...current, created.data]);
          setName('');
          void forgetCachedMap();
        },
      },
    );
  };
  // Removed at once; put back if the server refuses, so the list never lies for long.
  const drop = (bookmark: Bookmark) => {
    setList((current) => current.filter((row) => row.id !== bookmark.id));
    remove.mutate(
      { id: mapId, bookmarkId: bookmark.id },
      {
        onSuccess: () => void forgetCachedMap(),
        onError: () => setList((current) => [...current, bookmark].sort((a, b) => a.id - b.id)),
      },
    );
  };

  return (
    <section className="viewer-panel bookmarks-panel" aria-labelledby="bookmarks-title">
      <h2 id="bookmarks-title">{t('viewer.bookmarks.title')}</h2>
      <form onSubmit={save} className="bookmark-form" aria-label={t('viewer.bookmarks.save_view')}>
        <label>
          {t('viewer.bookmarks.name')}
          <input value={name} required maxLength={255} onChange={(event) => setName(event.target.value)} />
        </label>
        <button type="submit" className="btn btn-primary" disabled={create.isPending || !name.trim()}>
          {t('viewer.bookmarks.save')}
        </button>
      </form>
      {create.isError && (
        <ul role="alert" className="field-errors">
          {fieldErrorsOf(create.error, t('viewer.bookmarks.save_failed')).map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {remove.isError && <p role="alert">{t('viewer.bookmarks.delete_failed')}</p>}
      {list.length === 0 ? (
        <p className="status status-empty">{t('viewer.bookmarks.empty')}</p>
      ) : (
        <ul className="bookmark-list" aria-label={t('viewer.bookmarks.list')}>
          {list.map((bookmark) => (
            <li key={bookmark.id}>
              <button type="button" className="link-like" onClick={() => onGo(bookmark)}>
                {bookmark.name}
              </button>
              <button
                type="button"
                className="icon-button"
                aria-label={t('viewer.bookmarks.delete', { name: bookmark.name })}
                onClick={() => drop(bookmark)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
