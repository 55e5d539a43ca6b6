import { useTranslation } from 'react-i18next';
import type { GeometryType, Layer, LayerProperty } from '@generated/model';
import { ColorPicker } from '@/components/ui/color-picker';
import { Select } from '@/components/ui/select';
import { LayerLegend } from '@/map/legend';
import type { StyleKind } from '@/map/thematic-style';
import { DecimalFields } from '../shell/decimal-fields';
import { previewStyle, type StyleDraft } from './style-draft';
import { SizeRows } from './size-rows';
import { StyleSwatch } from './style-swatch';
import { CategoryRows, ClassRows } from './thematic-rows';
import type { StyleSource } from './use-property-values';

export { styleDraft, styleInput, type StyleDraft } from './style-draft';

type PropertyChoice = Pick<LayerProperty, 'name' | 'label' | 'type' | 'options'>;

type StyleEditorProps = {
  draft: StyleDraft;
  geometry: GeometryType | null;
  propertyNames: readonly string[];
  /** The layer's attributes with their types (numbers for graduated, options to fill categories). */
  properties?: readonly PropertyChoice[];
  onChange: (draft: StyleDraft) => void;
  /** The stored layer, whose data can fill classes (absent while creating one). */
  source?: StyleSource;
};

const NUMERIC = new Set(['integer', 'number']);

/**
 * Single, categorized or graduated symbols with colour pickers, and a live preview: the
 * swatch and the legend the viewer will show redraw as anything changes.
 */
export function StyleEditor({
  draft,
  geometry,
  propertyNames,
  properties,
  onChange,
  source,
}: StyleEditorProps) {
  const { t } = useTranslation();
  const set = (patch: Partial<StyleDraft>) => onChange({ ...draft, ...patch });
  const known: readonly PropertyChoice[] =
    properties ?? propertyNames.map((name) => ({ name, label: name, type: 'string', options: null }));
  const labelOptions = [
    { id: '', label: t('map_admin.style.no_label') },
    ...propertyNames.map((name) => ({ id: name, label: name })),
  ];
  const kinds: { id: StyleKind; label: string }[] = [
    { id: 'single', label: t('thematic.editor.single') },
    { id: 'categorized', label: t('thematic.editor.categorized') },
    { id: 'graduated', label: t('thematic.editor.graduated') },
  ];
  const choices = known
    .filter((property) => draft.kind !== 'graduated' || NUMERIC.has(property.type))
    .map((property) => ({ id: property.name, label: property.label || property.name }));
  const chosen = known.find((property) => property.name === draft.property);
  const numeric = known
    .filter((property) => NUMERIC.has(property.type))
    .map((property) => ({ id: property.name, label: property.label || property.name }));
  const style = previewStyle(draft, geometry);
  const previewLayer = {
    id: 0,
    name: t('map_admin.style.preview'),
    type: 'vector',
    geometry_type: geometry ?? 'Polygon',
    properties: known.map((property) => ({
      ...property,
      required: false,
      options: property.options ?? null,
    })),
    style,
  } as unknown as Layer;
  return (
    <fieldset className="fieldset style-editor">
      <legend>{t('map_admin.style.legend')}</legend>
      <div className="style-editor-grid">
        <div className="style-editor-fields">
          <Select
            label={t('thematic.editor.kind')}
            name="style.kind"
            options={kinds}
            value={draft.kind}
            onChange={(value) => set({ kind: (value as StyleKind | null) ?? 'single' })}
          />
          <div className="field-row">
            <ColorPicker
              label={t('thematic.editor.stroke_color')}
              value={draft.stroke_color}
              onChange={(stroke_color) => set({ stroke_color })}
            />
            <ColorPicker
              label={t('thematic.editor.fill_color')}
              value={draft.fill_color}
              onChange={(fill_color) => set({ fill_color })}
              withAlpha
            />
            <DecimalFields
              fields={(['stroke_width', 'point_radius'] as const).map((key) => ({
                label: t(`map_admin.style.${key}`),
                name: `style.${key}`,
                value: draft[key],
                onChange: (value: string) => set({ [key]: value }),
              }))}
            />
          </div>
          <Select
            label={t('map_admin.style.label_property')}
            name="style.label_property"
            options={labelOptions}
            value={draft.label_property ?? ''}
            onChange={(value) => set({ label_property: value === '' ? null : value })}
          />
          {draft.kind === 'single' ? null : (
            <Select
              label={t('thematic.editor.property')}
              name="style.property"
              options={choices}
              value={draft.property}
              onChange={(property) => set({ property })}
            />
          )}
          {draft.kind === 'categorized' ? (
            <CategoryRows
              rows={draft.categories}
              geometry={geometry}
              options={chosen?.options ?? []}
              onChange={(categories) => set({ categories })}
              source={source}
              property={draft.property}
            />
          ) : null}
          {draft.kind === 'graduated' ? (
            <ClassRows
              rows={draft.classes}
              geometry={geometry}
              onChange={(classes) => set({ classes })}
              source={source}
              property={draft.property}
            />
          ) : null}
          {geometry && !geometry.includes('Polygon') && numeric.length > 0 ? (
            <SizeRows
              size={draft.size}
              geometry={geometry}
              choices={numeric}
              source={source}
              onChange={(size) => set({ size })}
            />
          ) : null}
        </div>
        <div className="style-editor-preview" aria-live="polite">
          <StyleSwatch style={style} geometry={geometry} label={t('map_admin.style.preview')} />
          <p className="field-label">{t('thematic.editor.preview')}</p>
          <LayerLegend layer={previewLayer} />
          <span className="item-meta">{t('map_admin.style.preview_hint')}</span>
        </div>
      </div>
    </fieldset>
  );
}
