import { useTranslation } from 'react-i18next';

/** water-network: configured by a later issue; until then it says what it will hold. */
export function WaterNetworkScreen() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="water-network-title">
      <h2 id="water-network-title">{t('maps.admin.water_network')}</h2>
      <p>{t('map_admin.water_network.intro')}</p>
      <ul className="purpose-list">
        <li>{t('map_admin.water_network.pipes')}</li>
        <li>{t('map_admin.water_network.nodes')}</li>
        <li>{t('map_admin.water_network.check')}</li>
        <li>{t('map_admin.water_network.trace')}</li>
      </ul>
      <p className="item-meta">{t('map_admin.water_network.later')}</p>
    </section>
  );
}
