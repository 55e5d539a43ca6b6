import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchMainFeatures } from '@generated/api/main-search/main-search';
import type { Feature, Layer, MainSearch } from '@generated/model';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { asOfParams, useAsOf } from '@/lib/as-of';
import { datetimeFor } from '../time/time-range';

type MainSearchBoxProps = {
  mapId: number;
  entries: readonly MainSearch[];
  onPick: (feature: Feature) => void;
  /** The time slider's range (OGC `datetime`), sent for an entry whose layer has a time. */
  datetime?: string | null;
  layers?: readonly Layer[];
};

/** The map's search box: type-ahead over one main search entry's layer (searchMainFeatures). */
export function MainSearchBox({ mapId, entries, onPick, datetime = null, layers = [] }: MainSearchBoxProps) {
  const { t } = useTranslation();
  const listId = useId();
  const sorted = [...entries].sort((a, b) => a.order - b.order);
  const [entryId, setEntryId] = useState(sorted[0]?.id ?? 0);
  const [text, setText] = useState('');
  const value = useDebouncedValue(text.trim());
  const entry = sorted.find((candidate) => candidate.id === entryId);
  // As it was: the search reads the layer of the moment shown.
  const asOf = useAsOf();
  const time = datetimeFor(
    layers.find((layer) => layer.id === entry?.layer_id),
    datetime,
  );
  // A query, not a mutation: each text has its own cache entry (the generated key holds the
  // question), so a slow answer to an older text never replaces the newer one's.
  const matches = useSearchMainFeatures(
    mapId,
    { search_value: value, layer_id: entry?.layer_id ?? 0, ...time },
    asOfParams(asOf),
    { query: { enabled: entry !== undefined && value.length >= 2, staleTime: 30_000 } },
  );
  if (!entry) return null;
  const results = value.length >= 2 ? (matches.data?.data ?? []) : [];

  return (
    <section className="viewer-panel main-search" aria-labelledby={`${listId}-title`}>
      <h2 id={`${listId}-title`}>{t('viewer.search.title')}</h2>
      {sorted.length > 1 && (
        <Select
          label={t('viewer.search.in')}
          name="search_entry"
          options={sorted.map((candidate) => ({ id: String(candidate.id), label: candidate.label }))}
          value={String(entryId)}
          onChange={(id) => {
            if (id !== null) setEntryId(Number(id));
          }}
        />
      )}
      <TextField
        label={t('viewer.search.text', { label: entry.label })}
        name="search_text"
        type="search"
        value={text}
        onChange={setText}
      />
      {value.length >= 2 && matches.isError && <p role="alert">{t('viewer.search.failed')}</p>}
      {value.length >= 2 && matches.isSuccess && results.length === 0 && (
        <p className="status status-empty">{t('viewer.search.none')}</p>
      )}
      {results.length > 0 && (
        <ul className="main-search-results" aria-label={t('viewer.search.results')}>
          {results.map((feature) => (
            <li key={feature.id}>
              <button type="button" className="link-like" onClick={() => onPick(feature)}>
                {String(feature.properties[entry.display_field] ?? `#${feature.id}`)}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
