import { useTranslation } from 'react-i18next';
import { useGetFeatureChildren, useGetFeatureParents } from '@generated/api/features/features';
import type { Feature, FeatureList, Layer } from '@generated/model';
import { LoadError, Loading } from '@/components/ui/status';

/** What both relative queries share: parents and children come as the same list. */
type RelativesQuery = { isPending: boolean; isError: boolean; data: FeatureList | undefined };

type RelativesListProps = {
  query: RelativesQuery;
  title: string;
  empty: string;
  layers: readonly Layer[];
  onOpen: (feature: Feature) => void;
};

function RelativesList({ query, title, empty, layers, onOpen }: RelativesListProps) {
  const { t } = useTranslation();
  const layerName = (id: number) => layers.find((layer) => layer.id === id)?.name ?? String(id);
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <LoadError message={t('viewer.relatives.failed')} />
      ) : !query.data || query.data.data.length === 0 ? (
        <p className="status status-empty">{empty}</p>
      ) : (
        <ul className="feature-relatives">
          {query.data.data.map((feature) => (
            <li key={feature.id}>
              <button type="button" className="link-like" onClick={() => onOpen(feature)}>
                {t('viewer.feature.title', { layer: layerName(feature.layer_id), id: feature.id })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type FeatureRelativesProps = {
  mapId: number;
  featureId: number;
  layers: readonly Layer[];
  onOpen: (feature: Feature) => void;
};

/** The features related to this one through the layer relations, each opening in the panel. */
export function FeatureRelatives({ mapId, featureId, layers, onOpen }: FeatureRelativesProps) {
  const { t } = useTranslation();
  const parents = useGetFeatureParents(mapId, featureId);
  const children = useGetFeatureChildren(mapId, featureId);
  // Parents above children, each list with its own title and empty message.
  const lists = [
    { query: parents, title: t('viewer.relatives.parents'), empty: t('viewer.relatives.no_parents') },
    { query: children, title: t('viewer.relatives.children'), empty: t('viewer.relatives.no_children') },
  ];
  return (
    <>
      {lists.map((list) => (
        <RelativesList key={list.title} {...list} layers={layers} onOpen={onOpen} />
      ))}
    </>
  );
}
