import { useTranslation } from 'react-i18next';
import type { GeometryType, LayerStyle } from '../../../generated/model';
import { Select } from '../../components/ui/select';
import { TextField } from '../../components/ui/text-field';
import { StyleSwatch } from './style-swatch';
import { toNumber } from './numbers';

export type StyleDraft = {
  stroke_color: string;
  stroke_width: string;
  fill_color: string;
  point_radius: string;
  label_property: string | null;
};

export function styleDraft(style: LayerStyle): StyleDraft {
  return {
    stroke_color: style.stroke_color,
    stroke_width: String(style.stroke_width),
    fill_color: style.fill_color,
    point_radius: String(style.point_radius),
    label_property: style.label_property,
  };
}

const HEX = /^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/;

/** What the swatch can draw from a half-typed draft: invalid parts fall back to neutral values. */
function previewStyle(draft: StyleDraft): LayerStyle {
  return {
    stroke_color: HEX.test(draft.stroke_color) ? draft.stroke_color : '#888888',
    stroke_width: toNumber(draft.stroke_width) ?? 1,
    fill_color: HEX.test(draft.fill_color) ? draft.fill_color : '#cccccc',
    point_radius: toNumber(draft.point_radius) ?? 5,
    label_property: draft.label_property,
  };
}

type StyleEditorProps = {
  draft: StyleDraft;
  geometry: GeometryType | null;
  propertyNames: readonly string[];
  onChange: (draft: StyleDraft) => void;
};

/** Stroke, fill, radius and label, with a swatch that redraws as they are typed. */
export function StyleEditor({ draft, geometry, propertyNames, onChange }: StyleEditorProps) {
  const { t } = useTranslation();
  const set = (field: keyof StyleDraft) => (value: string | null) => onChange({ ...draft, [field]: value });
  const labelOptions = [
    { id: '', label: t('map_admin.style.no_label') },
    ...propertyNames.map((name) => ({ id: name, label: name })),
  ];
  return (
    <fieldset className="fieldset">
      <legend>{t('map_admin.style.legend')}</legend>
      <div className="item-main">
        <StyleSwatch style={previewStyle(draft)} geometry={geometry} label={t('map_admin.style.preview')} />
        <span className="item-meta">{t('map_admin.style.preview_hint')}</span>
      </div>
      <div className="field-row">
        <TextField
          label={t('map_admin.style.stroke_color')}
          name="style.stroke_color"
          value={draft.stroke_color}
          onChange={set('stroke_color')}
        />
        <TextField
          label={t('map_admin.style.stroke_width')}
          name="style.stroke_width"
          inputMode="decimal"
          value={draft.stroke_width}
          onChange={set('stroke_width')}
        />
        <TextField
          label={t('map_admin.style.fill_color')}
          name="style.fill_color"
          value={draft.fill_color}
          onChange={set('fill_color')}
        />
        <TextField
          label={t('map_admin.style.point_radius')}
          name="style.point_radius"
          inputMode="decimal"
          value={draft.point_radius}
          onChange={set('point_radius')}
        />
      </div>
      <Select
        label={t('map_admin.style.label_property')}
        name="style.label_property"
        options={labelOptions}
        value={draft.label_property ?? ''}
        onChange={(value) => set('label_property')(value === '' ? null : value)}
      />
    </fieldset>
  );
}

export function styleInput(draft: StyleDraft) {
  return {
    stroke_color: draft.stroke_color,
    stroke_width: toNumber(draft.stroke_width) ?? Number.NaN,
    fill_color: draft.fill_color,
    point_radius: toNumber(draft.point_radius) ?? Number.NaN,
    label_property: draft.label_property,
  };
}
