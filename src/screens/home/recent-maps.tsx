import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useListMaps } from '@generated/api/maps/maps';
import { Card } from '../../components/ui/card';
import { QueryList } from '../../components/ui/query-list';
import { paths } from '../../lib/paths';

const RECENT_MAPS = 5;

/** docs/decisions.md#extra-screens: home shows the maps changed most recently, each opening in the viewer. */
export function RecentMaps() {
  const { t } = useTranslation();
  const maps = useListMaps({ per_page: RECENT_MAPS, order_column: 'updated_at', order_direction: 'desc' });
  return (
    <Card title={t('map_admin.recent.title')}>
      <QueryList query={maps} empty={t('map_admin.recent.empty')}>
        {(rows) => (
          <ul className="recent-maps">
            {rows.map((map) => (
              <li key={map.id}>
                <Link to={`/maps/${map.id}/show`}>{map.title}</Link>
              </li>
            ))}
          </ul>
        )}
      </QueryList>
      <p>
        <Link to={paths.mapsIndex}>{t('map_admin.recent.all')}</Link>
      </p>
    </Card>
  );
}
