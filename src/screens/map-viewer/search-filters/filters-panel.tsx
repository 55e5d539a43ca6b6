import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { asOfParams, useAsOf } from '@/lib/as-of';
import { useFilterFeatures } from '@generated/api/features/features';
import type { Feature, Filter, LayerFilter } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { layersFilterOf, type FilterValue } from './filter-conditions';
import { FilterInput } from './filter-input';
import { withTimeRange } from '../time/time-range';
import { FeatureLinks } from '../feature-panel/feature-links';
import { useViewer } from '../shell/viewer-context';

type FiltersPanelProps = {
  filters: readonly Filter[];
  /** The matches of the applied filter and the filter itself (for exporting it); null when cleared. */
  onResults: (matches: Feature[] | null, layersFilter: LayerFilter[] | null) => void;
};

/**
 * The map's saved filters as a form; applying lists and highlights the matches (filterFeatures),
 * within the time slider's range and, when asked, the current view.
 */
export function FiltersPanel({ filters, onResults }: FiltersPanelProps) {
  const { t } = useTranslation();
  const { mapId, layers, viewExtent, datetime } = useViewer();
  const [values, setValues] = useState<Record<number, FilterValue>>({});
  const [inView, setInView] = useState(false);
  const [matches, setMatches] = useState<{ features: Feature[]; total: number } | null>(null);
  const search = useFilterFeatures();
  const asOf = useAsOf();
  if (filters.length === 0) return null;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const layersFilter = withTimeRange(
      layersFilterOf(filters, values, inView ? viewExtent : null),
      layers,
      datetime,
    );
    if (layersFilter.length === 0) return;
    search.mutate(
      {
        id: mapId,
        data: { layers_filter: layersFilter },
        params: { page: 1, per_page: 100, ...asOfParams(asOf) },
      },
      {
        onSuccess: (page) => {
          setMatches({ features: page.data, total: page.meta.total });
          onResults(page.data, layersFilter);
        },
      },
    );
  };
  const clear = () => {
    setValues({});
    setMatches(null);
    onResults(null, null);
  };

  return (
    <section className="viewer-panel filters-panel" aria-labelledby="filters-title">
      <h2 id="filters-title">{t('viewer.filters.title')}</h2>
      <form onSubmit={apply} className="filters-form">
        {[...filters]
          .sort((a, b) => a.order - b.order)
          .map((filter) => (
            <FilterInput
              key={filter.id}
              filter={filter}
              value={values[filter.id]}
              onChange={(value) => setValues((current) => ({ ...current, [filter.id]: value }))}
            />
          ))}
        <Checkbox label={t('viewer.filters.in_view')} isSelected={inView} onChange={setInView} />
        <div className="filters-actions">
          <Button type="submit" isDisabled={search.isPending}>
            {t('viewer.filters.apply')}
          </Button>
          <Button variant="secondary" onPress={clear}>
            {t('viewer.filters.clear')}
          </Button>
        </div>
      </form>
      {search.isError && <p role="alert">{t('viewer.filters.failed')}</p>}
      {matches && (
        <>
          <p role="status">{t('viewer.filters.count', { count: matches.total })}</p>
          <FeatureLinks
            features={matches.features}
            className="filter-matches"
            label={t('viewer.filters.matches')}
          />
        </>
      )}
    </section>
  );
}
