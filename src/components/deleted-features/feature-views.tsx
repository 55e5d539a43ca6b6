import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer } from '@generated/model';
import { featureOf, useAppAbility } from '../../lib/ability';
import { DeletedFeatures } from './deleted-features';

/**
 * The layer's features, and for editors and admins a "Recently deleted" view beside them
 * (the table itself is untouched: it is the other view).
 */
export function FeatureViews({
  mapId,
  layer,
  children,
}: {
  mapId: number;
  layer: Layer;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const ability = useAppAbility();
  const [view, setView] = useState<'all' | 'deleted'>('all');
  if (!ability.can('update', featureOf(mapId, layer.id))) return <>{children}</>;
  return (
    <>
      <div className="filters-actions feature-views" role="group" aria-label={t('versions.deleted.views')}>
        <button
          type="button"
          className={view === 'all' ? 'btn btn-primary' : 'btn btn-secondary'}
          aria-pressed={view === 'all'}
          onClick={() => setView('all')}
        >
          {t('versions.deleted.view_all')}
        </button>
        <button
          type="button"
          className={view === 'deleted' ? 'btn btn-primary' : 'btn btn-secondary'}
          aria-pressed={view === 'deleted'}
          onClick={() => setView('deleted')}
        >
          {t('versions.deleted.view_deleted')}
        </button>
      </div>
      {view === 'all' ? children : <DeletedFeatures mapId={mapId} layer={layer} />}
    </>
  );
}
