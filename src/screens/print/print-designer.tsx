import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListWidgets } from '@generated/api/dashboards/dashboards';
import type { Layer, MapDetail } from '@generated/model';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/text-field';
import type { PrintStart } from '../../lib/print-link';
import { describeLayers, MapCanvas, type MapToolName, type MapViewModel } from '../../map';
import { PrintLayers } from './print-layers';
import { PrintOptions } from './print-options';
import {
  initialSetup,
  printScale,
  printZoom,
  withPaper,
  withPreviewWidth,
  withScale,
  withView,
  withWidgets,
} from './print-setup';
import { chosenWidgets, widgetSize } from './print-widgets';
import { PrintWidgetsChoice } from './print-widgets-choice';
import { saveFile } from '@/components/ui/save-file';
import { printSheet } from './print-sheet';
import { sheetLayout } from './sheet-layout';
import { useElementWidth } from './use-element-width';

// The sheet prints the map's own basemap and its own scale bar: the preview offers only moving
// the view, so what it shows is what prints.
const PREVIEW_TOOLS: readonly MapToolName[] = ['zoom', 'home'];

type PrintDesignerProps = { map: MapDetail; start: PrintStart | null };
type Status =
  { kind: 'idle' } | { kind: 'working' } | { kind: 'done'; fileName: string } | { kind: 'failed' };

/** The print settings beside a preview that shows exactly the extent the sheet will print. */
export function PrintDesigner({ map, start }: PrintDesignerProps) {
  const { t, i18n } = useTranslation();
  const layers = useMemo(() => map.layers ?? [], [map.layers]);
  const [title, setTitle] = useState(map.title);
  const [dpi, setDpi] = useState(150);
  const [visibility, setVisibility] = useState<Record<number, boolean>>(() => {
    const wanted = start?.visibleLayerIds ? new Set(start.visibleLayerIds) : null;
    return Object.fromEntries(
      layers.map((layer) => [layer.id, wanted ? wanted.has(layer.id) : layer.visible]),
    );
  });
  const [setup, setSetup] = useState(() =>
    initialSetup(
      start?.view ?? {
        center: [map.center[0] ?? 0, map.center[1] ?? 0],
        zoom: map.zoom,
        rotation: map.rotation,
      },
    ),
  );
  const [initialView] = useState(setup.view);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const previewRef = useElementWidth<HTMLDivElement>(
    useCallback((width: number) => setSetup((current) => withPreviewWidth(current, width)), []),
  );

  const isVisible = useCallback((layer: Layer) => visibility[layer.id] ?? layer.visible, [visibility]);
  const models = useMemo(
    () =>
      describeLayers({
        layers,
        basemap: map.basemap,
        viewState: Object.fromEntries(layers.map((layer) => [layer.id, { visible: isVisible(layer) }])),
      }),
    [layers, map.basemap, isVisible],
  );
  const onViewChange = useCallback(
    (view: MapViewModel) => setSetup((current) => withView(current, view)),
    [],
  );
  const widgetList = useListWidgets(map.id);
  const widgets = useMemo(() => widgetList.data?.data ?? [], [widgetList.data]);
  // Only widgets the map still has take room on the sheet.
  const chosen = chosenWidgets(widgets, setup.widgetIds);
  const widgetIds = chosen.map((widget) => widget.id);
  const layout = sheetLayout(setup.paper, setup.orientation, chosen.map(widgetSize));
  const box = layout.map;
  // The preview is the sheet's body (map and widgets) in the sheet's proportions.
  const body = layout.widgets.reduce(
    (whole, part) => ({
      x: whole.x,
      y: whole.y,
      width: Math.max(whole.width, part.x + part.width - whole.x),
      height: Math.max(whole.height, part.y + part.height - whole.y),
    }),
    box,
  );
  const place = (part: { x: number; y: number; width: number; height: number }) => ({
    left: `${((part.x - body.x) / body.width) * 100}%`,
    top: `${((part.y - body.y) / body.height) * 100}%`,
    width: `${(part.width / body.width) * 100}%`,
    height: `${(part.height / body.height) * 100}%`,
  });
  const scale = printScale(setup);
  const numbers = new Intl.NumberFormat(i18n.language);

  const print = async () => {
    if (scale === null) return;
    setStatus({ kind: 'working' });
    const now = new Date();
    try {
      const { pdf, fileName } = await printSheet({
        map,
        title: title.trim() || map.title,
        paper: setup.paper,
        orientation: setup.orientation,
        center: setup.view.center,
        rotation: setup.view.rotation,
        scale,
        zoom: printZoom(setup, scale),
        dpi,
        isVisible,
        widgets,
        widgetIds,
        now,
        texts: {
          date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(now),
          scale: t('print.sheet.scale', { scale: numbers.format(scale) }),
          legend: t('print.sheet.legend'),
          north: t('print.sheet.north'),
          other: t('thematic.legend.other'),
          none: t('dashboard.no_value'),
          locale: i18n.language,
        },
      });
      saveFile(pdf, fileName);
      setStatus({ kind: 'done', fileName });
    } catch {
      setStatus({ kind: 'failed' });
    }
  };

  return (
    <div className="print-designer">
      <form
        className="print-form"
        aria-label={t('print.settings')}
        onSubmit={(event) => {
          event.preventDefault();
          void print();
        }}
      >
        <TextField label={t('print.sheet_title')} name="title" value={title} onChange={setTitle} />
        <PrintOptions
          paper={setup.paper}
          orientation={setup.orientation}
          scale={scale}
          pickedScale={setup.pickedScale}
          dpi={dpi}
          onPaper={(paper, orientation) => setSetup((current) => withPaper(current, paper, orientation))}
          onScale={(picked) => setSetup((current) => withScale(current, picked))}
          onDpi={setDpi}
        />
        <PrintLayers
          layers={layers}
          isVisible={isVisible}
          onChange={(layerId, visible) => setVisibility((current) => ({ ...current, [layerId]: visible }))}
        />
        <PrintWidgetsChoice
          widgets={widgets}
          chosen={widgetIds}
          onChange={(ids) => setSetup((current) => withWidgets(current, ids))}
        />
        <Button type="submit" isDisabled={scale === null || status.kind === 'working'}>
          {t('print.download')}
        </Button>
        <p className="print-status" role="status">
          {status.kind === 'working'
            ? t('print.working')
            : status.kind === 'done'
              ? t('print.done', { name: status.fileName })
              : ''}
        </p>
        {status.kind === 'failed' && (
          <p className="status status-error" role="alert">
            {t('print.failed')}
          </p>
        )}
      </form>
      <div className="print-preview-area">
        <p className="print-preview-hint">{t('print.preview_hint')}</p>
        <div
          className="print-preview-sheet"
          style={{
            aspectRatio: `${body.width} / ${body.height}`,
            width: `min(100%, calc((100vh - 16rem) * ${(body.width / body.height).toFixed(4)}))`,
          }}
        >
          <div ref={previewRef} className="print-preview" style={place(box)}>
            <MapCanvas
              className="print-preview-canvas"
              layers={models}
              initialView={initialView}
              viewRequest={setup.request}
              label={t('print.preview', { title: map.title })}
              onViewChange={onViewChange}
              tools={PREVIEW_TOOLS}
            />
          </div>
          {chosen.map((widget, index) => {
            const part = layout.widgets[index];
            return part ? (
              <div key={widget.id} className="print-preview-widget" style={place(part)}>
                {widget.title}
              </div>
            ) : null;
          })}
        </div>
      </div>
    </div>
  );
}
