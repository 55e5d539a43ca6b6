import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useListMaps, useShowMap } from '@generated/api/maps/maps';
import { EmptyState, LoadError, Loading } from '../../components/ui/status';
import { readPrintStart } from '../../lib/print-link';
import { lastViewedMapId } from '../../lib/last-map';
import { NativeSelect } from '@/components/ui/native-select';
import { PrintDesigner } from './print-designer';
import './print.css';

/** /pdf: pick a map (or arrive from the viewer with its view) and print it as a PDF map sheet. */
export function PrintScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const start = useMemo(() => readPrintStart(params), [params]);
  // Arriving without a map (the menu's /pdf) opens the last map viewed, as /map does.
  const [mapId, setMapId] = useState<number | null>(() => start.mapId ?? lastViewedMapId());
  const maps = useListMaps({ per_page: 100 });
  const shown = useShowMap(mapId ?? 0, { with_layers: true }, { query: { enabled: mapId !== null } });
  const options = (maps.data?.data ?? []).map((map) => ({ value: String(map.id), label: map.title }));

  return (
    <section className="page print-page" aria-labelledby="print-title">
      <h1 id="print-title" className="print-title">
        {t('print.title')}
      </h1>
      <div className="print-map-choice">
        <NativeSelect
          label={t('print.map')}
          value={mapId === null ? '' : String(mapId)}
          options={options}
          placeholder={maps.isPending ? t('common.loading') : t('print.choose_map')}
          onChange={(value) => setMapId(Number(value))}
        />
      </div>
      {mapId === null ? (
        <EmptyState message={t('print.no_map')} />
      ) : shown.isError ? (
        <LoadError message={t('print.load_failed')} />
      ) : !shown.data ? (
        <Loading />
      ) : (
        <PrintDesigner
          key={mapId}
          map={shown.data.data}
          // The viewer's view and layers belong to the map it came from.
          start={mapId === start.mapId ? start : null}
        />
      )}
    </section>
  );
}
