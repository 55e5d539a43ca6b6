import { useTranslation } from 'react-i18next';
import type { Feature } from '@generated/model';
import { useViewer } from '../shell/viewer-context';

/** Features as links named by their layer and id (`Pipes #12`); a click goes to the feature. */
export function FeatureLinks({
  features,
  className,
  label,
}: {
  features: readonly Feature[];
  className: string;
  /** The list's accessible name, where the heading above does not give it one. */
  label?: string;
}) {
  const { t } = useTranslation();
  const { layers, goToFeature } = useViewer();
  const layerName = (id: number) => layers.find((layer) => layer.id === id)?.name ?? String(id);
  return (
    <ul className={className} aria-label={label}>
      {features.map((feature) => (
        <li key={feature.id}>
          <button type="button" className="link-like" onClick={() => goToFeature(feature)}>
            {t('viewer.feature.title', { layer: layerName(feature.layer_id), id: feature.id })}
          </button>
        </li>
      ))}
    </ul>
  );
}
