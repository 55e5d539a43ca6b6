import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useShowMap } from '@generated/api/maps/maps';
import { LoadError, Loading } from '@/components/ui/status';
import { httpStatus } from '@/lib/http-error';
import { MapViewer } from '../shell/map-viewer';
import './embed.css';

/**
 * /embed/:mapId: the map alone, with its layer list and identify, for an `<iframe>` on another
 * website. It opens a public map, or the map of the share link the server was given
 * (`?share=`): the server decides; a map the visitor may not read is "not found".
 */
export function EmbedScreen() {
  const { t } = useTranslation();
  const mapId = Number(useParams().mapId);
  const valid = Number.isInteger(mapId) && mapId > 0;
  const query = useShowMap(mapId, { with_layers: true }, { query: { enabled: valid } });
  if (!valid || query.isError)
    return (
      <main className="embed-page">
        <LoadError
          message={
            !valid || httpStatus(query.error) === 404 || httpStatus(query.error) === 401
              ? t('access.embed.not_found')
              : t('viewer.load_failed')
          }
        />
      </main>
    );
  if (!query.data) return <Loading />;
  const map = query.data.data;
  return (
    <main className="embed-page map-page" aria-labelledby="embed-title">
      <MapViewer
        map={map}
        embedded
        heading={
          <h1 id="embed-title" className="map-viewer-title">
            {map.title}
          </h1>
        }
      />
    </main>
  );
}
