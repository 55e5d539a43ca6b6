import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { whenQuery } from '@/lib/time-query';
import { useViewer } from '../shell/viewer-context';

/** Links to each vector layer's feature table. */
export function LayerTableLinks() {
  const { t } = useTranslation();
  const { mapId, layers } = useViewer();
  // The table of a map shown as it was lists the features of then, and of the slider's dates.
  const [search] = useSearchParams();
  const query = whenQuery(search);
  const vector = layers.filter((layer) => layer.type === 'vector');
  if (vector.length === 0) return null;
  return (
    <nav className="viewer-panel" aria-label={t('viewer.tables')}>
      <ul className="layer-table-links">
        {vector.map((layer) => (
          <li key={layer.id}>
            <Link to={`/maps/${mapId}/show/${layer.id}/features${query}`}>
              {t('viewer.open_table', { name: layer.name })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
