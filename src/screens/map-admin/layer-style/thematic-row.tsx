import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toNumber } from '../shell/numbers';

/** One row of a thematic style's table (a category, a class, a size step) with its "Remove". */
export function ThematicRow({
  label,
  onRemove,
  children,
}: {
  label: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="thematic-row" role="group" aria-label={label}>
      {children}
      <Button variant="plain" onPress={onRemove}>
        {t('thematic.editor.remove')}
      </Button>
    </div>
  );
}

type Range = { min: string; max: string };
const ENDS = ['min', 'max'] as const;

/** A range's "from" and "to", named `<name>.min` and `<name>.max` for the server's field errors. */
export function RangeFields({
  name,
  row,
  onChange,
}: {
  name: string;
  row: Range;
  onChange: (patch: Partial<Range>) => void;
}) {
  const { t } = useTranslation();
  return ENDS.map((end) => (
    <TextField
      key={end}
      label={t(`thematic.editor.${end}`)}
      name={`${name}.${end}`}
      inputMode="decimal"
      value={row[end]}
      onChange={(value) => onChange({ [end]: value })}
    />
  ));
}

/** Changing one row of a list, or dropping it, hands the whole new list on. */
export function rowEdits<Row>(rows: readonly Row[], onChange: (rows: Row[]) => void) {
  return {
    set: (index: number, patch: Partial<Row>) =>
      onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row))),
    remove: (index: number) => onChange(rows.filter((_, at) => at !== index)),
  };
}

/** Where a range added after the last one starts: its end, or 0. */
export function nextRangeStart(rows: readonly Range[]): number {
  const last = rows[rows.length - 1];
  return last ? (toNumber(last.max) ?? 0) : 0;
}

/** From the first range's start to the last one's end, when that spans anything to split. */
export function splittableSpan(rows: readonly Range[]): { low: number; high: number } | null {
  const low = toNumber(rows[0]?.min ?? '');
  const high = toNumber(rows[rows.length - 1]?.max ?? '');
  return low !== undefined && high !== undefined && high > low ? { low, high } : null;
}
