import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAggregateLayer } from '@generated/api/dashboards/dashboards';
import type { Widget, WidgetUpdate } from '@generated/model';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { selectionOf, widgetParams, widgetQuestion, type ChartRow } from '@/components/dashboard/widget-data';
import { chartKindOf, widgetRows } from '@/components/dashboard/widget-rows';
import type { WidgetCards } from './widget-cards';
import { WidgetChoice } from './widget-choice';
import { WidgetWhen } from './widget-when';

const WidgetChart = lazy(() => import('@/components/dashboard/widget-chart'));

type WidgetCardProps = WidgetCards & {
  widget: Widget;
  onDelete?: () => void;
  /** For managers: switch the chart or the scope. */
  onChange?: (change: WidgetUpdate) => void;
};

/**
 * One widget: its aggregation asked of the server (debounced; a newer question cancels the
 * older request through the query's signal), drawn as a number, a chart with its table, or a
 * table. A click on a bar, slice or class selects that group.
 */
export function WidgetCard({
  mapId,
  layers,
  widget,
  scope,
  selection,
  onSelect,
  onDelete,
  onChange,
}: WidgetCardProps) {
  const { t, i18n } = useTranslation();
  // Groups of the property the widget's layer is styled by take the map's colours.
  const layerStyle = layers.find((layer) => layer.id === widget.layer_id)?.style;
  const { question, params } = useDebouncedValue(
    useMemo(
      () => ({ question: widgetQuestion(widget, scope, selection), params: widgetParams(scope) }),
      [widget, scope, selection],
    ),
    400,
  );
  const answer = useAggregateLayer(mapId, widget.layer_id, question, params, {
    query: { staleTime: 30_000, placeholderData: (previous) => previous },
  });
  const [toPng, setToPng] = useState<(() => string) | null>(null);
  const number = useMemo(
    () => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }),
    [i18n.language],
  );
  const format = (value: number | null | undefined) =>
    value === null || value === undefined ? '–' : number.format(value);
  const data = answer.data?.data;
  const rows = useMemo(
    () =>
      data
        ? widgetRows(
            data,
            widget,
            layerStyle,
            { none: t('dashboard.no_value'), other: t('dashboard.other') },
            (n) => number.format(n),
          )
        : [],
    [data, t, number, layerStyle, widget],
  );
  const pick = (row: ChartRow) => {
    if (!row.group) return;
    const picked = selectionOf(widget, row.group, `${widget.title}: ${row.label}`);
    if (picked) onSelect(picked);
  };
  const titleId = `widget-${widget.id}-title`;

  const savePng = () => {
    if (!toPng) return;
    const link = document.createElement('a');
    link.href = toPng();
    link.download = `${widget.title.replace(/[^\p{L}\p{N}]+/gu, '-')}.png`;
    link.click();
  };

  return (
    <section className="dashboard-widget" aria-labelledby={titleId} aria-busy={answer.isFetching}>
      <header className="dashboard-widget-header">
        <h3 id={titleId}>{widget.title}</h3>
        {widget.kind !== 'counter' && widget.kind !== 'table' && (
          <button type="button" className="btn btn-secondary btn-small" onClick={savePng} disabled={!toPng}>
            {t('dashboard.save_png')}
          </button>
        )}
        {onChange && (
          <WidgetChoice
            label={t('dashboard.scope_label', { title: widget.title })}
            value={widget.scope}
            options={[
              ['map', t('dashboard.scopes.map')],
              ['layer', t('dashboard.scopes.layer')],
            ]}
            onChange={(scope) => onChange({ scope })}
          />
        )}
        {onChange && widget.kind === 'category' && (
          <WidgetChoice
            label={t('dashboard.chart_kind_label', { title: widget.title })}
            value={widget.chart}
            options={[
              ['bar', t('dashboard.charts.bar')],
              ['pie', t('dashboard.charts.pie')],
            ]}
            onChange={(chart) => onChange({ chart })}
          />
        )}
        {onDelete && (
          <button type="button" className="btn btn-secondary btn-small" onClick={onDelete}>
            {t('dashboard.delete')}
          </button>
        )}
      </header>
      <WidgetWhen asOf={params.as_of} datetime={question.datetime} />
      {answer.isError && <p role="alert">{t('dashboard.failed')}</p>}
      {data && widget.kind === 'counter' && (
        <p className="dashboard-counter" aria-live="polite">
          {format(data.total.metrics[0])}
        </p>
      )}
      {data && widget.kind !== 'counter' && widget.kind !== 'table' && (
        <Suspense fallback={<p className="status">{t('dashboard.loading')}</p>}>
          <WidgetChart
            kind={chartKindOf(widget)}
            rows={rows}
            label={t('dashboard.chart_label', { title: widget.title })}
            onPick={pick}
            onReady={(next) => setToPng(() => next)}
          />
        </Suspense>
      )}
      {data && widget.kind !== 'counter' && (
        <table className={widget.kind === 'table' ? 'dashboard-table' : 'dashboard-table visually-hidden'}>
          <caption>{widget.title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('dashboard.group')}</th>
              <th scope="col">{t('dashboard.value')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, at) => (
              <tr key={at}>
                <th scope="row">
                  {row.group && selectionOf(widget, row.group, row.label) ? (
                    <button type="button" className="link-button" onClick={() => pick(row)}>
                      {row.label}
                    </button>
                  ) : (
                    row.label
                  )}
                </th>
                <td>{format(row.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
