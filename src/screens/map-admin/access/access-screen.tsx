import { useTranslation } from 'react-i18next';
import { useGetMapAccess } from '@generated/api/access/access';
import { useListLayers } from '@generated/api/layers/layers';
import { CopyField } from '@/components/ui/copy-field';
import { LoadError, Loading } from '@/components/ui/status';
import { httpStatus } from '@/lib/http-error';
import { useMapId } from '../shell/map-cache';
import { AccessForm } from './access-form';
import { AccessLog } from './access-log';
import { embedSnippet, publicEmbedUrl } from './embed-snippet';
import { ShareLinks } from './share-links';
import '@/styles/access.css';

/**
 * /dashboard/maps/:id/access: who sees and changes this map, like a file's share dialog:
 * visibility, people and groups with a role, layer rules, share links and embeds, and the
 * log of these changes. For admins and the map's managers (the server says 403 to others).
 */
export function AccessScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const access = useGetMapAccess(mapId);
  const layers = useListLayers(mapId);
  if (access.isPending || layers.isPending) return <Loading />;
  if (access.isError)
    return <LoadError message={httpStatus(access.error) === 403 ? t('access.forbidden') : undefined} />;
  if (layers.isError) return <LoadError />;
  return (
    <section aria-labelledby="access-title" className="access-screen">
      <header className="section-header">
        <h2 id="access-title">{t('access.title')}</h2>
      </header>
      <AccessForm
        // A saved answer from elsewhere (another tab) starts the form again from it.
        key={JSON.stringify(access.data.data)}
        mapId={mapId}
        access={access.data.data}
        layers={layers.data.data}
      />
      {access.data.data.visibility === 'public' && (
        <section aria-labelledby="access-public-embed" className="access-section">
          <h3 id="access-public-embed">{t('access.links.public_embed')}</h3>
          <CopyField
            label={t('access.links.embed')}
            multiline
            value={embedSnippet(publicEmbedUrl(mapId), t('access.links.embed_title'))}
          />
        </section>
      )}
      <ShareLinks mapId={mapId} />
      <AccessLog mapId={mapId} />
    </section>
  );
}
