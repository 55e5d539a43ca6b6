import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Map as MapRecord, MapCreate } from '../../../../generated/model';
import { Button } from '../../../components/ui/button';
import { Form } from '../../../components/ui/form';
import { Select } from '../../../components/ui/select';
import { Loading } from '../../../components/ui/status';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useFormSubmission } from '../../../lib/use-form-submission';
import { mapCall } from '../shell/map-call';
import { toNumber } from '../shell/numbers';
import '../../../styles/map-admin.css';

const MapViewPicker = lazy(() => import('./map-view-picker').then((m) => ({ default: m.MapViewPicker })));

const NAMED_BASEMAPS = ['offline', 'osm', 'none'] as const;

type MapFormProps = {
  label: string;
  submitLabel: string;
  map?: MapRecord;
  onSubmit: (values: MapCreate) => Promise<void>;
};

/** Title, description, opening view (typed or picked on a small map) and basemap. */
export function MapForm({ label, submitLabel, map, onSubmit }: MapFormProps) {
  const { t } = useTranslation();
  const { errors, failure, isSubmitting, submit } = useFormSubmission();
  const initialBasemap = map?.basemap ?? 'offline';
  const isNamed = (NAMED_BASEMAPS as readonly string[]).includes(initialBasemap);
  const [title, setTitle] = useState(map?.title ?? '');
  const [description, setDescription] = useState(map?.description ?? '');
  const [lon, setLon] = useState(String(map?.center[0] ?? 0));
  const [lat, setLat] = useState(String(map?.center[1] ?? 20));
  const [zoom, setZoom] = useState(String(map?.zoom ?? 2));
  const [basemap, setBasemap] = useState<string>(isNamed ? initialBasemap : 'xyz');
  const [xyzUrl, setXyzUrl] = useState(isNamed ? '' : initialBasemap);
  const center: [number, number] = [toNumber(lon) ?? 0, toNumber(lat) ?? 0];
  // OpenLayers needs a real browser (ResizeObserver); without one the typed fields suffice.
  const canPick = typeof ResizeObserver === 'function';

  const basemapOptions = [...NAMED_BASEMAPS, 'xyz'].map((id) => ({
    id,
    label: t(`map_admin.basemaps.${id}`),
  }));

  const values = (): MapCreate => ({
    title,
    description: description === '' ? null : description,
    center: [toNumber(lon) ?? Number.NaN, toNumber(lat) ?? Number.NaN],
    zoom: toNumber(zoom) ?? Number.NaN,
    basemap: basemap === 'xyz' ? xyzUrl : basemap,
  });

  return (
    <Form
      label={label}
      errors={errors}
      failure={failure}
      onSubmit={() => submit(() => mapCall(() => onSubmit(values())))}
    >
      <TextField
        label={t('map_admin.map_form.title')}
        name="title"
        isRequired
        value={title}
        onChange={setTitle}
      />
      <TextAreaField
        label={t('map_admin.map_form.description')}
        name="description"
        value={description}
        onChange={setDescription}
      />
      <fieldset className="fieldset">
        <legend>{t('map_admin.map_form.view')}</legend>
        <div className="field-row">
          <TextField
            label={t('map_admin.map_form.longitude')}
            name="center.0"
            inputMode="decimal"
            value={lon}
            onChange={setLon}
          />
          <TextField
            label={t('map_admin.map_form.latitude')}
            name="center.1"
            inputMode="decimal"
            value={lat}
            onChange={setLat}
          />
          <TextField
            label={t('map_admin.map_form.zoom')}
            name="zoom"
            inputMode="decimal"
            value={zoom}
            onChange={setZoom}
          />
        </div>
        {canPick ? (
          <Suspense fallback={<Loading />}>
            <MapViewPicker
              center={center}
              zoom={toNumber(zoom) ?? 2}
              basemap={basemap}
              onChange={(next, nextZoom) => {
                setLon(String(next[0]));
                setLat(String(next[1]));
                setZoom(String(nextZoom));
              }}
            />
          </Suspense>
        ) : null}
      </fieldset>
      <Select
        label={t('map_admin.map_form.basemap')}
        name="basemap"
        options={basemapOptions}
        value={basemap}
        onChange={(value) => setBasemap(value ?? 'offline')}
      />
      {basemap === 'xyz' ? (
        <TextField
          label={t('map_admin.map_form.xyz_url')}
          name="basemap"
          description={t('map_admin.map_form.xyz_hint')}
          value={xyzUrl}
          onChange={setXyzUrl}
        />
      ) : null}
      <Button type="submit" isPending={isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
