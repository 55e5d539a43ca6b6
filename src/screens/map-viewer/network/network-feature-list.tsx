import { useTranslation } from 'react-i18next';
import type { Feature, Layer } from '@generated/model';
import { featureLabel } from '@/lib/feature-label';

/** Lists longer than this show their first entries and a count; the map and the CSV have them all. */
export const SHOWN = 50;

type ListProps = {
  title: string;
  ids: readonly number[];
  layers: readonly Layer[];
  onPick: (feature: Feature) => void;
  named: Map<number, Feature> | undefined;
};

/** One list of a network result (valves, pipes, a node layer…): each feature by its label, to pick on the map. */
export function FeatureList({ title, ids, layers, onPick, named }: ListProps) {
  const { t } = useTranslation();
  if (ids.length === 0) return null;
  return (
    <section aria-label={title} className="network-list">
      <h3>
        {title} ({ids.length})
      </h3>
      <ul>
        {ids.slice(0, SHOWN).map((id) => {
          const feature = named?.get(id);
          const layer = layers.find((candidate) => candidate.id === feature?.layer_id);
          const label = featureLabel(layer, feature, id);
          return (
            <li key={id}>
              {feature ? (
                <button type="button" className="link-like" onClick={() => onPick(feature)}>
                  {label}
                </button>
              ) : (
                label
              )}
            </li>
          );
        })}
      </ul>
      {ids.length > SHOWN ? (
        <p className="item-meta">{t('water_network.viewer.more', { count: ids.length - SHOWN })}</p>
      ) : null}
    </section>
  );
}
