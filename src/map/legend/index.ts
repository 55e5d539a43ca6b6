export { LayerLegend } from './layer-legend';
export { LegendSwatch } from './legend-swatch';
export { legendSections, type LegendItem, type LegendSection } from './legend-model';
