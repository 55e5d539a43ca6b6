import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAggregateLayer } from '@generated/api/dashboards/dashboards';
import type { LayerStyle, Widget, WidgetUpdate } from '@generated/model';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { WidgetWhen } from './widget-when';
import {
  chartRows,
  selectionOf,
  styleColor,
  styleLabel,
  widgetParams,
  widgetQuestion,
  type ChartRow,
  type Selection,
  type ViewerScope,
} from '@/components/dashboard/widget-data';

const WidgetChart = lazy(() => import('@/components/dashboard/widget-chart'));

interface WidgetCardProps {
  mapId: number;
  widget: Widget;
  scope: ViewerScope;
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
  onDelete?: () => void;
  /** For managers: switch the chart or the scope. */
  onChange?: (change: WidgetUpdate) => void;
  /** The style of the widget's layer: groups of its styled property take the map's colours. */
  layerStyle?: LayerStyle;
}

/**
 * One widget: its aggregation asked of the server (debounced; a newer question cancels the
 * older request through the query's signal), drawn as a number, a chart with its table, or a
 * table. A click on a bar, slice or class selects that group.
 */
export function WidgetCard({
  mapId,
  widget,
  scope,
  selection,
  onSelect,
  onDelete,
  onChange,
  layerStyle,
}: WidgetCardProps) {
  const { t, i18n } = useTranslation();
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
        ? chartRows(
            data,
            { none: t('dashboard.no_value'), other: t('dashboard.other') },
            (n) => number.format(n),
            widget.group_by && 'interval' in widget.group_by ? widget.group_by.interval : undefined,
          ).map((row) => {
            if (!row.group) return row;
            // The legend's colour and name for the group, so the chart reads like the map.
            const color = styleColor(layerStyle, widget.group_by, row.group.key);
            const label = styleLabel(layerStyle, widget.group_by, row.group.key) ?? row.label;
            return color ? { ...row, label, color } : { ...row, label };
          })
        : [],
    [data, t, number, layerStyle, widget.group_by],
  );
  const pick = (row: ChartRow) => {
    if (!row.group) return;
    const picked = selectionOf(widget, row.group, `${widget.title}: ${row.label}`);
    if (picked) onSelect(picked);
  };
  const chartKind = widget.kind === 'time' ? 'line' : widget.kind === 'category' ? widget.chart : 'bar';
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
          <select
            aria-label={t('dashboard.scope_label', { title: widget.title })}
            value={widget.scope}
            onChange={(event) => onChange({ scope: event.target.value as Widget['scope'] })}
          >
            <option value="map">{t('dashboard.scopes.map')}</option>
            <option value="layer">{t('dashboard.scopes.layer')}</option>
          </select>
        )}
        {onChange && widget.kind === 'category' && (
          <select
            aria-label={t('dashboard.chart_kind_label', { title: widget.title })}
            value={widget.chart}
            onChange={(event) => onChange({ chart: event.target.value as Widget['chart'] })}
          >
            <option value="bar">{t('dashboard.charts.bar')}</option>
            <option value="pie">{t('dashboard.charts.pie')}</option>
          </select>
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
            kind={chartKind}
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
