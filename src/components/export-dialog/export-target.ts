import type { ExportFormat, LayerFilter } from '@generated/model';

/** The export formats of docs/decisions.md#exports, in the order the dialog offers them. */
export const EXPORT_FORMATS: readonly ExportFormat[] = ['geojson', 'csv', 'xlsx', 'shp', 'gpkg', 'kml'];

/**
 * What to export, one kind per export operation of the document: a whole layer (or its
 * list's search, and the time slider's range as OGC `datetime`) → exportFeatures; a filter or a view extent → exportFilterFeatures
 * (`layers_filter` with conditions and/or `bbox`); chosen features → exportMultiSelectedFeatures.
 */
export type ExportTarget =
  | { kind: 'layer'; layerId: number; search?: string; datetime?: string }
  | { kind: 'filter'; layersFilter: LayerFilter[] }
  | { kind: 'selected'; layerId: number; featureIds: number[] };

/** One choice of the dialog's scope list; the screen that opens the dialog names them. */
export type ExportScope = { id: string; label: string; target: ExportTarget };
