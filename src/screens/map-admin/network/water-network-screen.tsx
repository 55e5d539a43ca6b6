import { useTranslation } from 'react-i18next';
import { useListLayers } from '@generated/api/layers/layers';
import { useGetWaterNetwork } from '@generated/api/water-network/water-network';
import { LoadError, Loading } from '@/components/ui/status';
import { useMapId } from '../shell/map-cache';
import { WaterNetworkCheckPanel } from './water-network-check';
import { WaterNetworkForm } from './water-network-form';
import { WaterNetworkInpImport } from './water-network-inp-import';

/** water-network: which layers form the map's network, and its topology check. */
export function WaterNetworkScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const config = useGetWaterNetwork(mapId);
  const layers = useListLayers(mapId);
  if (config.isPending || layers.isPending) return <Loading />;
  if (config.isError || layers.isError) return <LoadError />;
  const saved = config.data.data;
  return (
    <section aria-labelledby="water-network-title">
      <h2 id="water-network-title">{t('maps.admin.water_network')}</h2>
      <p>{t('water_network.admin.intro')}</p>
      {/* Keyed by the stored layers: an INP import replaces them, and the form starts again from them. */}
      <WaterNetworkForm
        key={[saved.pipe_layer_id, ...saved.valve_layer_ids, '/', ...saved.node_layer_ids].join(' ')}
        mapId={mapId}
        layers={layers.data.data}
        config={saved}
      />
      <WaterNetworkCheckPanel mapId={mapId} layers={layers.data.data} config={saved} />
      <WaterNetworkInpImport mapId={mapId} />
    </section>
  );
}
