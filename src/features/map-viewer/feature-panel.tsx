import { useTranslation } from 'react-i18next';
import type { Layer } from '../../../generated/model';
import { FeatureHistory } from './feature-history';
import { formatPropertyValue } from './property-value';

export type SelectedFeature = { layerId: number; featureId: number; properties: Record<string, unknown> };

type FeaturePanelProps = {
  mapId: number;
  layer: Layer;
  feature: SelectedFeature;
  onClose: () => void;
};

/** The clicked feature: its properties by the layer schema, and its history. */
export function FeaturePanel({ mapId, layer, feature, onClose }: FeaturePanelProps) {
  const { t } = useTranslation();
  const words = { yes: t('viewer.yes'), no: t('viewer.no') };
  return (
    <aside className="viewer-panel feature-panel" aria-labelledby="feature-panel-title">
      <header className="feature-panel-header">
        <h2 id="feature-panel-title">
          {t('viewer.feature.title', { layer: layer.name, id: feature.featureId })}
        </h2>
        <button
          type="button"
          className="icon-button"
          aria-label={t('viewer.feature.close')}
          onClick={onClose}
        >
          ×
        </button>
      </header>
      <dl className="feature-properties">
        {layer.properties.map((property) => (
          <div key={property.name}>
            <dt>{property.label}</dt>
            <dd>{formatPropertyValue(property, feature.properties[property.name], words)}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('viewer.history.title')}</h3>
      <FeatureHistory mapId={mapId} featureId={feature.featureId} />
    </aside>
  );
}
