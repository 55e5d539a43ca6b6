import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetFeatureHistory } from '@generated/api/features/features';
import { featureOf, readableLayer, useAppAbility } from '@/lib/ability';
import { versionsOf } from '../history/history-versions';
import { FeatureEditForm } from '../editing/feature-edit-form';
import type { Feature, FeatureFile, Geometry, Layer } from '@generated/model';
import { FeatureFiles } from './feature-files';
import { FeatureGeometryActions } from '../editing/feature-geometry-actions';
import { FeatureHistory } from '../history/feature-history';
import { FeatureRelatives } from './feature-relatives';
import { SplitLineAction } from '../editing/split-line-action';
import { formatPropertyValue } from './property-value';
import { useViewer } from '../shell/viewer-context';

export type SelectedFeature = {
  layerId: number;
  featureId: number;
  properties: Record<string, unknown>;
  /** Known when the feature came from a list or filter answer; a tile click carries none. */
  files?: readonly FeatureFile[];
  /** The whole stored geometry, once known (a tile holds only the part it draws). */
  geometry?: Geometry | null;
  /** Where a map click found it, to look the whole feature up. */
  clickExtent?: [number, number, number, number];
};

/** A stored feature (a search hit, a list row, a save's answer) as the panel shows it, whole. */
export function selectedOf(feature: Feature): SelectedFeature {
  return {
    layerId: feature.layer_id,
    featureId: feature.id,
    properties: feature.properties,
    files: feature.files,
    geometry: feature.geometry,
  };
}

type FeaturePanelProps = {
  layer: Layer;
  feature: SelectedFeature;
  onClose: () => void;
  /** After a save: the stored feature, so the panel and the map show it. */
  onSaved: (feature: Feature) => void;
  /** Starts reshaping the geometry on the map; null while the geometry is not known. */
  onEditGeometry: (() => void) | null;
  onDeleted: () => void;
  /** Showing the map as it was: nothing can be changed. */
  readOnly?: boolean;
  /** Properties only (the embed page): no edits, files, related features or history. */
  identifyOnly?: boolean;
};

/**
 * The clicked feature: its properties by the layer schema, its related features (named by the
 * map's layers; a pick goes to that feature) and its history.
 */
export function FeaturePanel({
  layer: givenLayer,
  feature,
  onClose,
  onSaved,
  onEditGeometry,
  onDeleted,
  readOnly = false,
  identifyOnly = false,
}: FeaturePanelProps) {
  const { t } = useTranslation();
  const { mapId } = useViewer();
  const ability = useAppAbility();
  // Showing the map as it was: nothing can be changed.
  const writable = !readOnly;
  // Properties a rule hides from this user are neither shown nor offered for editing.
  const layer = readableLayer(ability, mapId, givenLayer);
  const [editing, setEditing] = useState(false);
  // The version the edit starts from: a save after someone else's change is refused (409), not overwritten.
  const history = useGetFeatureHistory(mapId, feature.featureId, undefined, {
    query: { enabled: !identifyOnly },
  });
  const [seenVersion, setSeenVersion] = useState<number | undefined>(undefined);
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
      {editing ? (
        <FeatureEditForm
          key={feature.featureId}
          mapId={mapId}
          layer={layer}
          featureId={feature.featureId}
          properties={feature.properties}
          seenVersion={seenVersion}
          onSaved={(saved) => {
            setEditing(false);
            onSaved(saved);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <dl className="feature-properties">
          {layer.properties.map((property) => (
            <div key={property.name}>
              <dt>{property.label}</dt>
              <dd>{formatPropertyValue(property, feature.properties[property.name], words)}</dd>
            </div>
          ))}
        </dl>
      )}
      {identifyOnly ? null : (
        <>
          {writable && !editing && ability.can('update', featureOf(mapId, layer.id)) && (
            <button
              type="button"
              className="btn btn-secondary"
              onClick={() => {
                setSeenVersion(history.data ? versionsOf(history.data.data).current : undefined);
                setEditing(true);
              }}
            >
              {t('viewer.edit.start')}
            </button>
          )}
          {writable && !editing && (
            <FeatureGeometryActions
              mapId={mapId}
              layerId={layer.id}
              featureId={feature.featureId}
              onEditGeometry={onEditGeometry}
              onDeleted={onDeleted}
            />
          )}
          {writable && !editing && layer.geometry_type === 'LineString' && (
            <SplitLineAction
              key={`split-${feature.featureId}`}
              mapId={mapId}
              layerId={layer.id}
              featureId={feature.featureId}
              clickExtent={feature.clickExtent}
              onSplit={onSaved}
            />
          )}
          <FeatureFiles
            // The files become known when the whole feature arrives after a click.
            key={`files-${feature.featureId}-${feature.files ? 'known' : 'unknown'}`}
            mapId={mapId}
            layerId={layer.id}
            featureId={feature.featureId}
            files={feature.files}
          />
          <FeatureRelatives mapId={mapId} featureId={feature.featureId} />
          <h3>{t('viewer.history.title')}</h3>
          <FeatureHistory
            mapId={mapId}
            featureId={feature.featureId}
            layerId={layer.id}
            onRestored={onSaved}
            labels={Object.fromEntries(
              layer.properties.map((property) => [property.name, property.label || property.name]),
            )}
          />
        </>
      )}
    </aside>
  );
}
