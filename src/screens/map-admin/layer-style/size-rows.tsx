import { useTranslation } from 'react-i18next';
import type { GeometryType } from '@generated/model';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { ClassifyButton } from './classify-button';
import { equalClasses, growingSizes, type ClassDraft, type SizeDraft } from './style-draft';
import { nextRangeStart, RangeFields, rowEdits, splittableSpan, ThematicRow } from './thematic-row';
import type { StyleSource } from './use-property-values';

const SPLIT_INTO = 4;

type SizeRowsProps = {
  size: SizeDraft;
  geometry: GeometryType | null;
  /** The numeric properties a size may follow. */
  choices: readonly { id: string; label: string }[];
  source?: StyleSource;
  onChange: (size: SizeDraft) => void;
};

/** `count` equal ranges from `min` to `max`, thin to wide: a size needs no colour. */
function sizeClasses(min: number, max: number, count: number, geometry: GeometryType | null): ClassDraft[] {
  const sizes = growingSizes(count, geometry);
  return equalClasses(min, max, count).map((row, index) => ({ ...row, color: '', size: sizes[index] ?? '' }));
}

/**
 * The graduated size: line width (lines) or point size (points) by ranges of a number, on
 * top of any kind of symbol (pipes coloured by material and widened by diameter).
 */
export function SizeRows({ size, geometry, choices, source, onChange }: SizeRowsProps) {
  const { t } = useTranslation();
  const points = geometry?.includes('Point') ?? false;
  const rows = size.classes;
  const setRows = (classes: ClassDraft[]) => onChange({ ...size, classes });
  const { set, remove } = rowEdits(rows, setRows);
  const span = splittableSpan(rows);
  const add = () => {
    const start = nextRangeStart(rows);
    const widths = growingSizes(rows.length + 1, geometry);
    setRows([
      ...rows,
      { min: String(start), max: String(start + 10), label: '', color: '', size: widths[rows.length] ?? '' },
    ]);
  };
  return (
    <div className="thematic-rows size-rows" role="group" aria-label={t('thematic.size.title')}>
      <p className="field-label">{t(points ? 'thematic.size.title_points' : 'thematic.size.title_lines')}</p>
      <Select
        label={t('thematic.size.property')}
        name="style.size.property"
        options={[{ id: '', label: t('thematic.size.none') }, ...choices]}
        value={size.property ?? ''}
        onChange={(property) => onChange({ ...size, property: property ? property : null })}
      />
      {size.property === null
        ? null
        : rows.map((row, index) => (
            <ThematicRow
              key={index}
              label={t('thematic.size.row', { index: index + 1 })}
              onRemove={() => remove(index)}
            >
              <RangeFields
                name={`style.size.classes.${index}`}
                row={row}
                onChange={(patch) => set(index, patch)}
              />
              <TextField
                label={t(points ? 'thematic.editor.point_radius' : 'thematic.editor.stroke_width')}
                name={`style.size.classes.${index}.size`}
                inputMode="decimal"
                value={row.size}
                onChange={(value) => set(index, { size: value })}
              />
              <TextField
                label={t('thematic.editor.label')}
                name={`style.size.classes.${index}.label`}
                value={row.label}
                onChange={(label) => set(index, { label })}
              />
            </ThematicRow>
          ))}
      {size.property === null ? null : (
        <div className="thematic-actions">
          <Button variant="secondary" onPress={add}>
            {t('thematic.size.add')}
          </Button>
          {span ? (
            <Button
              variant="secondary"
              onPress={() => setRows(sizeClasses(span.low, span.high, SPLIT_INTO, geometry))}
            >
              {t('thematic.editor.split', { count: SPLIT_INTO })}
            </Button>
          ) : null}
          <ClassifyButton
            source={source}
            property={size.property}
            label={t('thematic.classify.classes', { count: SPLIT_INTO })}
            onValues={({ range }) => {
              if (!range || !(range.max > range.min)) return false;
              setRows(sizeClasses(range.min, range.max, SPLIT_INTO, geometry));
              return true;
            }}
          />
        </div>
      )}
    </div>
  );
}
