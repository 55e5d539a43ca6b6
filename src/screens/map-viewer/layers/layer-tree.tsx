import { Slider, SliderThumb, SliderTrack } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import type { Category, Layer } from '@generated/model';
import { Checkbox } from '@/components/ui/checkbox';
import { inZoomRange, type LayerViewState } from '@/map';
import { LayerLegend } from '@/map/legend';
import { LegendSwatch } from './legend-swatch';

type LayerTreeProps = {
  layers: readonly Layer[];
  categories: readonly Category[];
  /** The viewer's changes to the stored layers and how to make more (useLayerViewState). */
  tree: LayerTreeState;
  zoom: number;
  /** Layers whose tiles failed to load, by id (a warning shows under each). */
  errors?: Readonly<Record<number, string>>;
};

/** What the tree shows and changes of the viewer's layer state. */
export type LayerTreeState = {
  /** Layer ids bottom first. */
  drawingOrder: readonly number[];
  changes: Readonly<Record<number, LayerViewState>>;
  change: (layerId: number, change: LayerViewState) => void;
  move: (layerId: number, direction: 'up' | 'down') => void;
};

/** The layer's category, or null when it has none the map knows. */
function categoryOf(layer: Layer, categories: readonly Category[]): number | null {
  return categories.some((category) => category.id === layer.category_id) ? layer.category_id : null;
}

/** The map's layers by category, top-drawn first: visibility, opacity, order, legend. */
export function LayerTree({ layers, categories, tree, zoom, errors = {} }: LayerTreeProps) {
  const { t } = useTranslation();
  const { drawingOrder, changes, change: onChange, move: onMove } = tree;
  const topFirst = [...drawingOrder].reverse();
  const byId = new Map(layers.map((layer) => [layer.id, layer]));
  const ordered = topFirst.flatMap((id) => byId.get(id) ?? []);
  const groups = [
    ...[...categories]
      .sort((a, b) => a.order - b.order)
      .map((category) => ({ key: `c${category.id}`, name: category.name, id: category.id })),
    { key: 'none', name: t('viewer.layers.uncategorised'), id: null },
  ]
    .map((group) => ({
      ...group,
      layers: ordered.filter((layer) => categoryOf(layer, categories) === group.id),
    }))
    .filter((group) => group.layers.length > 0);

  return (
    <section className="viewer-panel layer-tree" aria-labelledby="layer-tree-title">
      <h2 id="layer-tree-title">{t('viewer.layers.title')}</h2>
      {groups.length === 0 && <p className="status status-empty">{t('viewer.layers.none')}</p>}
      {groups.map((group) => (
        <fieldset key={group.key} className="layer-group">
          <legend>{group.name}</legend>
          <ul>
            {group.layers.map((layer) => {
              const visible = changes[layer.id]?.visible ?? layer.visible;
              const opacity = changes[layer.id]?.opacity ?? layer.opacity;
              const shown = inZoomRange(layer, zoom);
              const position = drawingOrder.indexOf(layer.id);
              return (
                <li
                  key={layer.id}
                  className={shown ? 'layer-row' : 'layer-row layer-row-out-of-range'}
                  title={shown ? undefined : t('viewer.layers.out_of_range')}
                >
                  <Checkbox
                    className="layer-toggle"
                    label={layer.name}
                    adornment={<LegendSwatch layer={layer} />}
                    isSelected={visible}
                    onChange={(checked) => onChange(layer.id, { visible: checked })}
                  />
                  <div className="layer-tools">
                    <Slider
                      className="layer-opacity"
                      aria-label={t('viewer.layers.opacity', { name: layer.name })}
                      minValue={0}
                      maxValue={1}
                      step={0.05}
                      value={opacity}
                      onChange={(value) => onChange(layer.id, { opacity: value })}
                    >
                      <SliderTrack className="layer-opacity-track">
                        {({ state }) => (
                          <>
                            <span
                              className="layer-opacity-fill"
                              style={{ width: `${state.getThumbPercent(0) * 100}%` }}
                            />
                            <SliderThumb className="layer-opacity-thumb" />
                          </>
                        )}
                      </SliderTrack>
                    </Slider>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('viewer.layers.raise', { name: layer.name })}
                      disabled={position === drawingOrder.length - 1}
                      onClick={() => onMove(layer.id, 'up')}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('viewer.layers.lower', { name: layer.name })}
                      disabled={position === 0}
                      onClick={() => onMove(layer.id, 'down')}
                    >
                      ↓
                    </button>
                  </div>
                  <LayerLegend layer={layer} compact />
                  {errors[layer.id] !== undefined && (
                    <p className="layer-warning" role="status">
                      <span aria-hidden="true">⚠ </span>
                      {t('viewer.layers.tiles_failed')}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        </fieldset>
      ))}
    </section>
  );
}
