import { parseDate, type CalendarDate } from '@internationalized/date';
import type { ReactNode } from 'react';
import {
  Button,
  Calendar,
  CalendarCell,
  CalendarGrid,
  DateInput,
  DatePicker,
  DateSegment,
  Dialog,
  Group,
  Heading,
  Label,
  Popover,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { FieldMessages } from './field-messages';
import { useServerError } from './server-errors';

type DateFieldProps = {
  label: ReactNode;
  name: string;
  /** `YYYY-MM-DD`, or '' for no date. */
  value: string;
  onChange: (value: string) => void;
  isRequired?: boolean;
  description?: string;
};

function toCalendarDate(value: string): CalendarDate | null {
  if (!/^\d{4}-\d{2}-\d{2}/.test(value)) return null;
  try {
    // A stored timestamp keeps its day: the field edits dates, not times.
    return parseDate(value.slice(0, 10));
  } catch {
    return null;
  }
}

/**
 * A date typed segment by segment in the reader's locale order, or picked from a calendar.
 * Messages come from the surrounding Form by `name`, like the other fields.
 */
export function DateField({ label, name, value, onChange, isRequired, description }: DateFieldProps) {
  const { t } = useTranslation();
  const serverError = useServerError(name);
  return (
    <DatePicker
      className="field date-field"
      name={name}
      value={toCalendarDate(value)}
      onChange={(date) => onChange(date ? date.toString() : '')}
      isRequired={isRequired}
      isInvalid={serverError !== undefined}
      granularity="day"
    >
      <Label className="field-label">{label}</Label>
      <Group className="date-field-control">
        <DateInput className="date-field-input">
          {(segment) => <DateSegment segment={segment} className="date-field-segment" />}
        </DateInput>
        <Button className="select-toggle" aria-label={t('date_field.open_calendar')}>
          <span aria-hidden="true">▾</span>
        </Button>
      </Group>
      <FieldMessages description={description} serverError={serverError} />
      <Popover className="select-popover date-field-popover">
        <Dialog className="date-field-dialog">
          <Calendar className="date-field-calendar">
            <header className="date-field-header">
              <Button slot="previous" className="btn btn-secondary" aria-label={t('date_field.previous')}>
                ‹
              </Button>
              <Heading className="date-field-heading" />
              <Button slot="next" className="btn btn-secondary" aria-label={t('date_field.next')}>
                ›
              </Button>
            </header>
            <CalendarGrid className="date-field-grid">
              {(date) => <CalendarCell date={date} className="date-field-cell" />}
            </CalendarGrid>
          </Calendar>
        </Dialog>
      </Popover>
    </DatePicker>
  );
}
