import { useTranslation } from 'react-i18next';
import {
  GeometryType,
  LayerTypeName,
  type Category,
  type Layer,
  type LayerCreate,
  type LayerUpdate,
  type LayerStyle,
} from '@generated/model';
import { Checkbox } from '@/components/ui/checkbox';
import { EnumSelect } from '@/components/ui/enum-select';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useForm } from '@/lib/use-form';
import { categoryOptions } from '../categories/category-tree';
import { DecimalFields } from '../shell/decimal-fields';
import { MapAreaForm, type RecordFormProps } from '../shell/map-area-form';
import { toNumber } from '../shell/numbers';
import { SchemaEditor } from '../schema/schema-editor';
import { schemaInput, type SchemaRow } from '../schema/schema-rows';
import { StyleEditor, styleDraft, styleInput } from '../layer-style/style-editor';

const NEW_LAYER_STYLE: LayerStyle = {
  stroke_color: '#1f5fa8',
  stroke_width: 2,
  fill_color: '#1f5fa833',
  point_radius: 5,
  label_property: null,
};

type LayerFormProps = RecordFormProps<LayerFormValues> & {
  layer?: Layer;
  categories: readonly Category[];
};

/** What the form sends: a layer to create, or (editing) also its time property. */
export type LayerFormValues = LayerCreate & Pick<LayerUpdate, 'time_property'>;

const optionalNumber = (text: string) => (text.trim() === '' ? null : (toNumber(text) ?? Number.NaN));

/**
 * A layer's settings. Creating also picks the type (with its own fields: geometry for
 * vector, source for remote types) and the first attribute schema; both are fixed after.
 */
export function LayerForm({ layer, categories, ...record }: LayerFormProps) {
  const { t } = useTranslation();
  const isNew = layer === undefined;
  const form = useForm(() => ({
    name: layer?.name ?? '',
    type: layer?.type ?? ('vector' as LayerTypeName),
    geometry: layer?.geometry_type ?? ('Point' as GeometryType),
    categoryId: layer?.category_id ? String(layer.category_id) : '',
    url: layer?.source?.url ?? '',
    sourceLayers: layer?.source?.layers ?? '',
    format: layer?.source?.format ?? '',
    style: styleDraft(layer?.style ?? NEW_LAYER_STYLE, layer?.geometry_type ?? null),
    visible: layer?.visible ?? true,
    opacity: String(layer?.opacity ?? 1),
    minZoom: layer?.min_zoom === null || !layer ? '' : String(layer.min_zoom),
    maxZoom: layer?.max_zoom === null || !layer ? '' : String(layer.max_zoom),
    schema: [] as SchemaRow[],
    timeProperty: layer?.time_property ?? '',
  }));
  const { type, geometry, categoryId, style, visible, schema, timeProperty } = form.values;
  const isVector = type === 'vector';
  const dateProperties = (layer?.properties ?? []).filter((property) => property.type === 'date');
  const propertyNames = isNew
    ? schema.map((row) => row.name).filter(Boolean)
    : (layer?.properties ?? []).map((p) => p.name);

  const toLayer = ({
    name,
    url,
    sourceLayers,
    format,
    opacity,
    minZoom,
    maxZoom,
  }: typeof form.values): LayerFormValues => ({
    name,
    type,
    category_id: categoryId === '' ? null : Number(categoryId),
    ...(isVector
      ? isNew
        ? { geometry_type: geometry, properties: schema.map(schemaInput) }
        : {}
      : {
          source: {
            url,
            ...(type === 'wms'
              ? { layers: sourceLayers === '' ? null : sourceLayers, format: format === '' ? null : format }
              : {}),
          },
        }),
    style: styleInput(style, isVector ? geometry : null),
    visible,
    opacity: toNumber(opacity) ?? Number.NaN,
    min_zoom: optionalNumber(minZoom),
    max_zoom: optionalNumber(maxZoom),
    ...(!isNew && isVector ? { time_property: timeProperty === '' ? null : timeProperty } : {}),
  });

  return (
    <MapAreaForm {...record} form={form} toRecord={toLayer}>
      <TextField label={t('map_admin.layer_form.name')} isRequired {...form.field('name')} />
      <div className="field-row">
        <EnumSelect
          label={t('map_admin.layer_form.type')}
          name="type"
          isDisabled={!isNew}
          values={Object.values(LayerTypeName)}
          optionLabel={(id) => t(`map_admin.layer_types.${id}`)}
          value={type}
          onChange={form.setter('type')}
        />
        {isVector ? (
          <EnumSelect
            label={t('map_admin.layer_form.geometry_type')}
            name="geometry_type"
            isDisabled={!isNew}
            values={Object.values(GeometryType)}
            optionLabel={(id) => t(`map_admin.geometry_types.${id}`)}
            value={geometry}
            onChange={form.setter('geometry')}
          />
        ) : null}
        <Select
          label={t('map_admin.layer_form.category')}
          name="category_id"
          options={[{ id: '', label: t('map_admin.layer_form.no_category') }, ...categoryOptions(categories)]}
          value={categoryId}
          onChange={(value) => form.set('categoryId', value ?? '')}
        />
        {!isNew && isVector ? (
          // The date property OGC clients filter the layer by time on (`datetime`).
          <Select
            label={t('map_admin.layer_form.time_property')}
            name="time_property"
            options={[
              { id: '', label: t('map_admin.layer_form.no_time_property') },
              ...dateProperties.map((property) => ({
                id: property.name,
                label: property.label || property.name,
              })),
            ]}
            value={timeProperty}
            onChange={(value) => form.set('timeProperty', value ?? '')}
          />
        ) : null}
      </div>
      {isVector ? null : (
        <fieldset className="fieldset">
          <legend>{t('map_admin.layer_form.source')}</legend>
          <TextField
            label={t('map_admin.layer_form.source_url')}
            isRequired
            description={t(`map_admin.layer_form.source_hint.${type}`)}
            {...form.field('url', 'source.url')}
          />
          {type === 'wms' ? (
            <div className="field-row">
              <TextField
                label={t('map_admin.layer_form.source_layers')}
                {...form.field('sourceLayers', 'source.layers')}
              />
              <TextField
                label={t('map_admin.layer_form.source_format')}
                placeholder="image/png"
                {...form.field('format', 'source.format')}
              />
            </div>
          ) : null}
        </fieldset>
      )}
      <StyleEditor
        draft={style}
        geometry={isVector ? geometry : null}
        propertyNames={propertyNames}
        properties={isNew ? undefined : layer?.properties}
        onChange={form.setter('style')}
        source={layer ? { mapId: layer.map_id, layerId: layer.id } : undefined}
      />
      <fieldset className="fieldset">
        <legend>{t('map_admin.layer_form.display')}</legend>
        <Checkbox
          label={t('map_admin.layer_form.visible')}
          isSelected={visible}
          onChange={form.setter('visible')}
        />
        <div className="field-row">
          <DecimalFields
            fields={[
              { label: t('map_admin.layer_form.opacity'), ...form.field('opacity') },
              { label: t('map_admin.layer_form.min_zoom'), ...form.field('minZoom', 'min_zoom') },
              { label: t('map_admin.layer_form.max_zoom'), ...form.field('maxZoom', 'max_zoom') },
            ]}
          />
        </div>
      </fieldset>
      {isNew && isVector ? <SchemaEditor rows={schema} onChange={form.setter('schema')} /> : null}
    </MapAreaForm>
  );
}
