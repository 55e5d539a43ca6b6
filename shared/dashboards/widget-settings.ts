import type { components } from '../../generated/openapi-types.ts';

type WidgetCreate = components['schemas']['WidgetCreate'];

/** Groups a chart shows when it does not say how many; the rest are counted in `other`. */
export const DEFAULT_GROUP_LIMIT = 20;

/** What a widget shows and how, each setting its request leaves out at its default. */
export const widgetSettings = (widget: WidgetCreate) => ({
  layer_id: widget.layer_id,
  kind: widget.kind,
  chart: widget.chart ?? 'bar',
  scope: widget.scope ?? 'map',
  group_by: widget.group_by ?? null,
  metrics: widget.metrics,
  filters: widget.filters ?? [],
  limit: widget.limit ?? DEFAULT_GROUP_LIMIT,
});
