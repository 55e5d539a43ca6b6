import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Layer } from '@generated/model';
import { featureOf, useAppAbility } from '../../lib/ability';
import { DeletedFeatures } from './deleted-features';

/** The two views, each with its button's label. */
const VIEWS = [
  ['all', 'versions.deleted.view_all'],
  ['deleted', 'versions.deleted.view_deleted'],
] as const;
type View = (typeof VIEWS)[number][0];

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
  const [view, setView] = useState<View>('all');
  if (!ability.can('update', featureOf(mapId, layer.id))) return <>{children}</>;
  return (
    <>
      <div className="filters-actions feature-views" role="group" aria-label={t('versions.deleted.views')}>
        {VIEWS.map(([id, label]) => (
          <button
            key={id}
            type="button"
            className={view === id ? 'btn btn-primary' : 'btn btn-secondary'}
            aria-pressed={view === id}
            onClick={() => setView(id)}
          >
            {t(label)}
          </button>
        ))}
      </div>
      {view === 'all' ? children : <DeletedFeatures mapId={mapId} layer={layer} />}
    </>
  );
}
