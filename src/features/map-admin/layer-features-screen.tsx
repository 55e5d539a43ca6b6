import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { Input, Label, SearchField } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { useListLayerFeatures } from '../../../generated/api/features/features';
import { useListLayers } from '../../../generated/api/layers/layers';
import { LinkButton } from '../../components/ui/link-button';
import { Pagination } from '../../components/ui/pagination';
import { EmptyState, LoadError, Loading } from '../../components/ui/status';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useMapId, useOptionalId } from './map-cache';

/** SPEC §9: features come 15 to a page. */
const FEATURES_PER_PAGE = 15;

/**
 * layers/:layer_id/features: a plain paged table of the layer's features by its schema.
 * The viewer's virtualised feature table (src/features/feature-table) replaces it once it lands.
 */
export function LayerFeaturesScreen() {
  const { t } = useTranslation();
  const mapId = useMapId();
  const layerId = useOptionalId('layer_id') ?? Number.NaN;
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const searchText = useDebouncedValue(search.trim());
  const layers = useListLayers(mapId);
  const layer = layers.data?.data.find((row) => row.id === layerId);
  const features = useListLayerFeatures(
    mapId,
    layerId,
    { page, per_page: FEATURES_PER_PAGE, ...(searchText ? { search: searchText } : {}) },
    { query: { placeholderData: keepPreviousData } },
  );
  const columns = layer?.properties ?? [];

  return (
    <section aria-labelledby="layer-features-title">
      <header className="section-header">
        <h2 id="layer-features-title">
          {t('maps.admin.layer_features')}
          {layer ? `: ${layer.name}` : ''}
        </h2>
        <LinkButton variant="secondary" to={`/maps/${mapId}/show/${layerId}/features`}>
          {t('map_admin.features.open_in_viewer')}
        </LinkButton>
      </header>
      <div className="toolbar" role="search">
        <SearchField
          className="field search-field"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        >
          <Label className="field-label">{t('map_admin.features.search')}</Label>
          <Input className="field-input" />
        </SearchField>
      </div>
      {features.isPending || layers.isPending ? (
        <Loading />
      ) : features.isError || layers.isError ? (
        <LoadError />
      ) : features.data.data.length === 0 ? (
        <EmptyState message={t('map_admin.features.empty')} />
      ) : (
        <>
          <div className="table-scroll">
            <table
              className="schema-table"
              aria-label={t('map_admin.features.table', { name: layer?.name ?? '' })}
            >
              <thead>
                <tr>
                  <th scope="col">{t('map_admin.features.id')}</th>
                  {columns.map((column) => (
                    <th key={column.name} scope="col">
                      {column.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {features.data.data.map((feature) => (
                  <tr key={feature.id}>
                    <th scope="row">{feature.id}</th>
                    {columns.map((column) => (
                      <td key={column.name}>{String(feature.properties?.[column.name] ?? '')}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination data={features.data} onPageChange={setPage} />
        </>
      )}
    </section>
  );
}
