import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useImportLayer, useStartLayerImport } from '@generated/api/layers/layers';
import { LayerImportFormat, type Category, type LayerImport, type LayerImportResult } from '@generated/model';
import { Button } from '@/components/ui/button';
import { FileField } from '@/components/ui/file-field';
import { Form } from '@/components/ui/form';
import { ProgressBar } from '@/components/ui/progress-bar';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { categoryOptions } from '../categories/category-tree';
import { ImportJobProgress, IN_REQUEST_IMPORT_LIMIT } from './layer-import-job';
import { mapCall } from '../shell/map-call';

/** The formats the server reads, each with the extensions its files carry. */
const FORMATS: Record<LayerImportFormat, string[]> = {
  geojson: ['.geojson', '.json'],
  shp: ['.zip'],
  gpkg: ['.gpkg'],
  kml: ['.kml'],
  csv: ['.csv'],
};
const ACCEPT = Object.values(FORMATS).flat().join(',');

const knownFormat = (text: string): LayerImportFormat | undefined =>
  Object.values(LayerImportFormat).find((format) => format === text);

/** The format the server will read: the one picked, else the file name's (as the server decides). */
export function formatOfFile(picked: string, file: File | null): LayerImportFormat | null {
  const name = file?.name.toLowerCase() ?? '';
  return (
    knownFormat(picked) ??
    Object.values(LayerImportFormat).find((format) => FORMATS[format].some((ext) => name.endsWith(ext))) ??
    null
  );
}

/** The columns a CSV file's geometry may come from: a longitude and a latitude, or a WKT one. */
const CSV_COLUMNS = ['lon_column', 'lat_column', 'wkt_column'] as const;

/** The form's values, named as the server names their fields. */
type ImportValues = {
  file: File | null;
  name: string;
  /** A format, or '' for the one the file's name says. */
  format: string;
  category_id: string;
  lon_column: string;
  lat_column: string;
  wkt_column: string;
  source_layer: string;
};

type LayerImportFormProps = {
  mapId: number;
  categories: readonly Category[];
  onImported: (result: LayerImportResult) => void | Promise<void>;
};

/**
 * A data file → a new vector layer. The upload's progress comes from axios through the
 * generated mutation's request options; the server infers the schema and answers with it.
 */
export function LayerImportForm({ mapId, categories, onImported }: LayerImportFormProps) {
  const { t } = useTranslation();
  const form = useForm<ImportValues>({
    file: null,
    name: '',
    format: '',
    category_id: '',
    lon_column: '',
    lat_column: '',
    wkt_column: '',
    source_layer: '',
  });
  const { file, format } = form.values;
  const [uploaded, setUploaded] = useState<number | undefined>(undefined);
  const [jobId, setJobId] = useState<string | null>(null);
  const [jobError, setJobError] = useState<string | null>(null);
  const request = {
    onUploadProgress: (event: { loaded: number; total?: number }) =>
      setUploaded(event.total ? event.loaded / event.total : undefined),
  };
  const importLayer = useImportLayer({ request });
  const startImport = useStartLayerImport({ request });
  const effective = formatOfFile(format, file);
  const fileStem = file?.name.replace(/\.[^.]+$/, '') ?? '';

  const send = form.onSubmit(async (values) => {
    setUploaded(0);
    const { file, name, category_id, source_layer } = values;
    const columns = CSV_COLUMNS.filter((column) => values[column].trim() !== '');
    const data: LayerImport = {
      // Sent even when empty, so the server names the missing file under the picker.
      file: file ?? new Blob([]),
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(knownFormat(values.format) ? { format: knownFormat(values.format) } : {}),
      ...(category_id ? { category_id: Number(category_id) } : {}),
      ...(effective === 'csv' ? Object.fromEntries(columns.map((column) => [column, values[column]])) : {}),
      ...((effective === 'gpkg' || effective === 'kml') && source_layer.trim()
        ? { source_layer: source_layer.trim() }
        : {}),
    };
    setJobError(null);
    try {
      // Large files are imported by a job the server runs after the upload; it is polled below.
      if (file && file.size > IN_REQUEST_IMPORT_LIMIT)
        setJobId((await mapCall(() => startImport.mutateAsync({ id: mapId, data }))).data.id);
      else await onImported(await mapCall(() => importLayer.mutateAsync({ id: mapId, data })));
    } finally {
      setUploaded(undefined);
    }
  });

  return (
    <Form
      label={t('layer_import.title')}
      // A failed job's reason belongs to the file, like an in-request import's 422.
      errors={jobError ? { ...form.errors, file: [jobError] } : form.errors}
      failure={form.failure}
      onSubmit={send}
    >
      <FileField
        label={t('layer_import.file')}
        name="file"
        accept={ACCEPT}
        description={t('layer_import.file_hint')}
        isDisabled={form.isSubmitting}
        onChange={form.setter('file')}
      />
      <div className="field-row">
        <TextField
          label={t('layer_import.name')}
          placeholder={fileStem}
          description={t('layer_import.name_hint')}
          {...form.field('name')}
        />
        <Select
          label={t('layer_import.format')}
          name="format"
          options={[
            { id: '', label: t('layer_import.format_from_name') },
            ...Object.keys(FORMATS).map((id) => ({ id, label: t(`layer_import.formats.${id}`) })),
          ]}
          value={format}
          onChange={(value) => form.set('format', value ?? '')}
        />
        <Select
          label={t('map_admin.layer_form.category')}
          name="category_id"
          options={[{ id: '', label: t('map_admin.layer_form.no_category') }, ...categoryOptions(categories)]}
          value={form.values.category_id}
          onChange={(value) => form.set('category_id', value ?? '')}
        />
      </div>
      {effective === 'csv' ? (
        <fieldset className="fieldset">
          <legend>{t('layer_import.csv_geometry')}</legend>
          <p className="field-description">{t('layer_import.csv_hint')}</p>
          <div className="field-row">
            {CSV_COLUMNS.map((column) => (
              <TextField key={column} label={t(`layer_import.${column}`)} {...form.field(column)} />
            ))}
          </div>
        </fieldset>
      ) : null}
      {effective === 'gpkg' || effective === 'kml' ? (
        <TextField
          label={t('layer_import.source_layer')}
          description={t('layer_import.source_layer_hint')}
          {...form.field('source_layer')}
        />
      ) : null}
      {uploaded !== undefined ? (
        <ProgressBar
          label={uploaded >= 1 ? t('layer_import.reading') : t('layer_import.uploading')}
          value={uploaded >= 1 ? undefined : uploaded}
        />
      ) : null}
      {jobId ? (
        <ImportJobProgress
          mapId={mapId}
          jobId={jobId}
          onReady={onImported}
          onFailed={(reason) => {
            setJobId(null);
            setJobError(reason);
          }}
        />
      ) : null}
      <Button type="submit" isPending={form.isSubmitting || jobId !== null}>
        {t('layer_import.submit')}
      </Button>
    </Form>
  );
}
