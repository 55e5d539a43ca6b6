import { useNavigate } from 'react-router';
import type { Layer } from '@generated/model';
import { featureOf, useAppAbility } from '../../lib/ability';
import { featureExtent, featuresExtent } from '../../map';
import { FeatureViews } from '../deleted-features/feature-views';
import { FeatureTable } from './feature-table';

type LayerFeatureTableProps = {
  mapId: number;
  layer: Layer;
  /** The viewer's address that "show on map" opens, with the focus or selection in its state. */
  mapPath: string;
  /** Rows of another moment are only read, whatever the user may do today. */
  readOnly?: boolean;
};

/**
 * One layer's features in the virtualised table, beside its recently deleted ones; a row or a
 * selection opens on the map. The viewer's table screen and the map's admin both mount it.
 */
export function LayerFeatureTable({ mapId, layer, mapPath, readOnly = false }: LayerFeatureTableProps) {
  const navigate = useNavigate();
  const ability = useAppAbility();
  return (
    <FeatureViews mapId={mapId} layer={layer}>
      <FeatureTable
        mapId={mapId}
        layer={layer}
        canEdit={!readOnly && ability.can('update', featureOf(mapId, layer.id))}
        onShowSelectionOnMap={(features) => {
          const extent = featuresExtent(features);
          if (!extent) return;
          navigate(mapPath, {
            state: { selection: { layerId: layer.id, featureIds: features.map((f) => f.id), extent } },
          });
        }}
        onShowOnMap={(feature) =>
          navigate(mapPath, {
            state: {
              focus: {
                layerId: feature.layer_id,
                featureId: feature.id,
                properties: feature.properties,
                extent: featureExtent(feature),
              },
            },
          })
        }
      />
    </FeatureViews>
  );
}
