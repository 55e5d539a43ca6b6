import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MapRecord, MapCreate } from '@generated/model';
import { Select } from '@/components/ui/select';
import { Loading } from '@/components/ui/status';
import { TextAreaField } from '@/components/ui/text-area-field';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { DecimalFields } from '../shell/decimal-fields';
import { MapAreaForm, type RecordFormProps } from '../shell/map-area-form';
import { toNumber } from '../shell/numbers';
import '@/styles/map-admin.css';

const MapViewPicker = lazy(() => import('./map-view-picker').then((m) => ({ default: m.MapViewPicker })));

const NAMED_BASEMAPS = ['offline', 'osm', 'none'] as const;

type MapFormProps = RecordFormProps<MapCreate> & { map?: MapRecord };

/** Title, description, opening view (typed or picked on a small map) and basemap. */
export function MapForm({ map, ...record }: MapFormProps) {
  const { t } = useTranslation();
  const form = useForm(() => {
    const initialBasemap = map?.basemap ?? 'offline';
    const isNamed = (NAMED_BASEMAPS as readonly string[]).includes(initialBasemap);
    return {
      title: map?.title ?? '',
      description: map?.description ?? '',
      lon: String(map?.center[0] ?? 0),
      lat: String(map?.center[1] ?? 20),
      zoom: String(map?.zoom ?? 2),
      basemap: isNamed ? initialBasemap : 'xyz',
      xyzUrl: isNamed ? '' : initialBasemap,
    };
  });
  const { lon, lat, zoom, basemap } = form.values;
  const center: [number, number] = [toNumber(lon) ?? 0, toNumber(lat) ?? 0];
  // OpenLayers needs a real browser (ResizeObserver); without one the typed fields suffice.
  const canPick = typeof ResizeObserver === 'function';

  const basemapOptions = [...NAMED_BASEMAPS, 'xyz'].map((id) => ({
    id,
    label: t(`map_admin.basemaps.${id}`),
  }));

  const toMap = (values: typeof form.values): MapCreate => ({
    title: values.title,
    description: values.description === '' ? null : values.description,
    center: [toNumber(values.lon) ?? Number.NaN, toNumber(values.lat) ?? Number.NaN],
    zoom: toNumber(values.zoom) ?? Number.NaN,
    basemap: values.basemap === 'xyz' ? values.xyzUrl : values.basemap,
  });

  return (
    <MapAreaForm {...record} form={form} toRecord={toMap}>
      <TextField label={t('map_admin.map_form.title')} isRequired {...form.field('title')} />
      <TextAreaField label={t('map_admin.map_form.description')} {...form.field('description')} />
      <fieldset className="fieldset">
        <legend>{t('map_admin.map_form.view')}</legend>
        <div className="field-row">
          <DecimalFields
            fields={[
              { label: t('map_admin.map_form.longitude'), ...form.field('lon', 'center.0') },
              { label: t('map_admin.map_form.latitude'), ...form.field('lat', 'center.1') },
              { label: t('map_admin.map_form.zoom'), ...form.field('zoom') },
            ]}
          />
        </div>
        {canPick ? (
          <Suspense fallback={<Loading />}>
            <MapViewPicker
              center={center}
              zoom={toNumber(zoom) ?? 2}
              basemap={basemap}
              onChange={(next, nextZoom) =>
                form.patch({ lon: String(next[0]), lat: String(next[1]), zoom: String(nextZoom) })
              }
            />
          </Suspense>
        ) : null}
      </fieldset>
      <Select
        label={t('map_admin.map_form.basemap')}
        name="basemap"
        options={basemapOptions}
        value={basemap}
        onChange={(value) => form.set('basemap', value ?? 'offline')}
      />
      {basemap === 'xyz' ? (
        <TextField
          label={t('map_admin.map_form.xyz_url')}
          description={t('map_admin.map_form.xyz_hint')}
          {...form.field('xyzUrl', 'basemap')}
        />
      ) : null}
    </MapAreaForm>
  );
}
