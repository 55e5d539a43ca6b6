import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useShowMap } from '@generated/api/maps/maps';
import type { MapDetail } from '@generated/model';
import { LoadError, Loading } from '@/components/ui/status';
import { rememberViewedMap } from '@/lib/last-map';
import { viewFromQuery, withView } from './view-query';

type ViewerPageProps = {
  /** The id of the heading the viewer shows: it names the page. */
  titleId: string;
  /** The viewer of the loaded map. */
  children: (map: MapDetail) => ReactNode;
};

/**
 * /maps/:id/show and /maps/:id/show3d: loads the address's map with its layers, looking where the
 * address says (the view the other viewer handed over), and shows it in one of the viewers.
 */
export function ViewerPage({ titleId, children }: ViewerPageProps) {
  const { t } = useTranslation();
  const mapId = Number(useParams().id);
  const [search] = useSearchParams();
  const carried = useMemo(() => viewFromQuery(search), [search]);
  const query = useShowMap(
    mapId,
    { with_layers: true },
    { query: { enabled: Number.isInteger(mapId) && mapId > 0 } },
  );
  const map = useMemo(() => (query.data ? withView(query.data.data, carried) : null), [query.data, carried]);
  if (query.isError) return <LoadError message={t('viewer.load_failed')} />;
  if (!map) return <Loading />;
  // /map opens the last map viewed; viewing is what makes it the last.
  rememberViewedMap(map.id);
  return (
    <section className="map-page" aria-labelledby={titleId}>
      {children(map)}
    </section>
  );
}
