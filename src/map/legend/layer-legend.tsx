import { useTranslation } from 'react-i18next';
import type { Layer } from '@generated/model';
import { legendSections } from './legend-model';
import { LegendSwatch } from './legend-swatch';
import './layer-legend.css';

type LayerLegendProps = {
  layer: Layer;
  /** Hide the swatch of a single-symbol layer (when its name is shown beside it already). */
  compact?: boolean;
};

/** A layer's legend from its style: one swatch, a swatch per value, or a swatch per class. */
export function LayerLegend({ layer, compact = false }: LayerLegendProps) {
  const { t, i18n } = useTranslation();
  const sections = legendSections(layer, { other: t('thematic.legend.other'), locale: i18n.language });
  const single = sections.length === 1 && sections[0]?.title === null;
  if (single && compact) return null;
  return (
    <div className="layer-legend" role="group" aria-label={t('thematic.legend.of', { name: layer.name })}>
      {sections.map((section, index) => (
        <div key={index} className="layer-legend-section">
          {section.title ? <p className="layer-legend-title">{section.title}</p> : null}
          <ul className="layer-legend-items">
            {section.items.map((item, itemIndex) => (
              <li key={itemIndex} className={item.other ? 'layer-legend-item is-other' : 'layer-legend-item'}>
                <LegendSwatch item={item} />
                <span>{item.label}</span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
