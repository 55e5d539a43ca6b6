import { useTranslation } from 'react-i18next';
import type { GeometryType } from '@generated/model';
import { Button } from '@/components/ui/button';
import { ColorPicker } from '@/components/ui/color-picker';
import { TextField } from '@/components/ui/text-field';
import { ClassifyButton } from './classify-button';
import {
  categoryColour,
  classColour,
  equalClasses,
  type CategoryDraft,
  type ClassDraft,
} from './style-draft';
import { nextRangeStart, RangeFields, rowEdits, splittableSpan, ThematicRow } from './thematic-row';
import type { StyleSource } from './use-property-values';

const SPLIT_INTO = 5;

type RowsProps<Row> = {
  rows: Row[];
  geometry: GeometryType | null;
  onChange: (rows: Row[]) => void;
  /** The stored layer and the classified property, for "from data" (absent on a new layer). */
  source?: StyleSource;
  property?: string | null;
};

const sizeLabelKey = (geometry: GeometryType | null) =>
  geometry?.includes('Point') ? 'thematic.editor.point_radius' : 'thematic.editor.stroke_width';

/** The categories of a categorized style: a colour, the value, its legend label and an optional size each. */
export function CategoryRows({
  rows,
  geometry,
  onChange,
  options,
  source,
  property = null,
}: RowsProps<CategoryDraft> & { options: readonly string[] }) {
  const { t } = useTranslation();
  const { set, remove } = rowEdits(rows, onChange);
  const missing = options.filter((option) => !rows.some((row) => row.value === option));
  return (
    <div className="thematic-rows">
      <p className="field-label">{t('thematic.editor.categories')}</p>
      {rows.map((row, index) => (
        <ThematicRow
          key={index}
          label={`${t('thematic.editor.value')} ${index + 1}`}
          onRemove={() => remove(index)}
        >
          <ColorPicker
            label={t('thematic.editor.color')}
            value={row.color}
            onChange={(color) => set(index, { color })}
          />
          <TextField
            label={t('thematic.editor.value')}
            name={`style.categories.${index}.value`}
            value={row.value}
            onChange={(value) => set(index, { value })}
          />
          <TextField
            label={t('thematic.editor.label')}
            name={`style.categories.${index}.label`}
            value={row.label}
            onChange={(label) => set(index, { label })}
          />
          <TextField
            label={t(sizeLabelKey(geometry))}
            name={`style.categories.${index}.size`}
            inputMode="decimal"
            value={row.size}
            onChange={(size) => set(index, { size })}
          />
        </ThematicRow>
      ))}
      <div className="thematic-actions">
        <Button
          variant="secondary"
          onPress={() =>
            onChange([...rows, { value: '', label: '', color: categoryColour(rows.length), size: '' }])
          }
        >
          {t('thematic.editor.add_category')}
        </Button>
        {missing.length > 0 ? (
          <Button
            variant="secondary"
            onPress={() =>
              onChange([
                ...rows,
                ...missing.map((value, index) => ({
                  value,
                  label: '',
                  color: categoryColour(rows.length + index),
                  size: '',
                })),
              ])
            }
          >
            {t('thematic.editor.from_options')}
          </Button>
        ) : null}
        <ClassifyButton
          source={source}
          property={property}
          label={t('thematic.classify.categories')}
          onValues={({ values }) => {
            const known = new Set(rows.map((row) => row.value));
            const added = values.map((entry) => String(entry.value)).filter((value) => !known.has(value));
            if (values.length === 0) return false;
            onChange([
              ...rows,
              ...added.map((value, index) => ({
                value,
                label: '',
                color: categoryColour(rows.length + index),
                size: '',
              })),
            ]);
            return true;
          }}
        />
      </div>
      <p className="item-meta">{t('thematic.editor.other_hint')}</p>
    </div>
  );
}

/** The classes of a graduated style: a colour, the range, a size and a legend label each. */
export function ClassRows({ rows, geometry, onChange, source, property = null }: RowsProps<ClassDraft>) {
  const { t } = useTranslation();
  const { set, remove } = rowEdits(rows, onChange);
  const span = splittableSpan(rows);
  const add = () => {
    const start = nextRangeStart(rows);
    onChange([
      ...rows,
      {
        min: String(start),
        max: String(start + 10),
        label: '',
        color: classColour(rows.length, rows.length + 1),
        size: '',
      },
    ]);
  };
  return (
    <div className="thematic-rows">
      <p className="field-label">{t('thematic.editor.classes')}</p>
      {rows.map((row, index) => (
        <ThematicRow
          key={index}
          label={`${t('thematic.editor.classes')} ${index + 1}`}
          onRemove={() => remove(index)}
        >
          <ColorPicker
            label={t('thematic.editor.color')}
            value={row.color}
            onChange={(color) => set(index, { color })}
          />
          <RangeFields name={`style.classes.${index}`} row={row} onChange={(patch) => set(index, patch)} />
          <TextField
            label={t(sizeLabelKey(geometry))}
            name={`style.classes.${index}.size`}
            inputMode="decimal"
            value={row.size}
            onChange={(size) => set(index, { size })}
          />
          <TextField
            label={t('thematic.editor.label')}
            name={`style.classes.${index}.label`}
            value={row.label}
            onChange={(label) => set(index, { label })}
          />
        </ThematicRow>
      ))}
      <div className="thematic-actions">
        <Button variant="secondary" onPress={add}>
          {t('thematic.editor.add_class')}
        </Button>
        {span ? (
          <Button variant="secondary" onPress={() => onChange(equalClasses(span.low, span.high, SPLIT_INTO))}>
            {t('thematic.editor.split', { count: SPLIT_INTO })}
          </Button>
        ) : null}
        <ClassifyButton
          source={source}
          property={property}
          label={t('thematic.classify.classes', { count: SPLIT_INTO })}
          onValues={({ range }) => {
            if (!range || !(range.max > range.min)) return false;
            onChange(equalClasses(range.min, range.max, SPLIT_INTO));
            return true;
          }}
        />
      </div>
    </div>
  );
}
