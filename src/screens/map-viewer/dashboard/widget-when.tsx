import { useTranslation } from 'react-i18next';

interface WidgetWhenProps {
  /** The moment the widget counts the layer as it was (ISO 8601), or none for now. */
  asOf: string | undefined;
  /** The time slider's range the widget counts inside (OGC `datetime`), when it applies. */
  datetime: string | undefined;
}

/**
 * The widget's caption saying when it counts: now or a past moment, and the slider's dates when
 * they narrow it, so a number read beside the map is not taken for today's whole layer.
 */
export function WidgetWhen({ asOf, datetime }: WidgetWhenProps) {
  const { t, i18n } = useTranslation();
  const when = asOf
    ? t('dashboard.when.as_of', {
        date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
          new Date(asOf),
        ),
      })
    : t('dashboard.when.now');
  const text = datetime
    ? t('dashboard.when.dated', { when, range: datetime.replace('/', ' – ').replaceAll('..', '…') })
    : when;
  return <p className="dashboard-widget-when">{text}</p>;
}
