import { useTranslation } from 'react-i18next';
import { useGetFeatureChildren, useGetFeatureParents } from '@generated/api/features/features';
import type { FeatureList } from '@generated/model';
import { LoadError, Loading } from '@/components/ui/status';
import { FeatureLinks } from './feature-links';

/** What both relative queries share: parents and children come as the same list. */
type RelativesQuery = { isPending: boolean; isError: boolean; data: FeatureList | undefined };

type RelativesListProps = {
  query: RelativesQuery;
  title: string;
  empty: string;
};

function RelativesList({ query, title, empty }: RelativesListProps) {
  const { t } = useTranslation();
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
        <FeatureLinks features={query.data.data} className="feature-relatives" />
      )}
    </section>
  );
}

/** The features related to this one through the layer relations, each opening in the panel. */
export function FeatureRelatives({ mapId, featureId }: { mapId: number; featureId: number }) {
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
        <RelativesList key={list.title} {...list} />
      ))}
    </>
  );
}
