import { useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '@generated/model';
import { WidgetCard } from '../dashboard/widget-card';
import type { WidgetCards } from '../dashboard/widget-cards';
import {
  cellsOf,
  changed,
  GRID_COLUMNS,
  moveBy,
  phoneOrder,
  place,
  resizeBy,
  type Arrangement,
  type Box,
} from './grid-layout';

/** One grid row in pixels (map-dashboard.css: --row-height), with the gap between rows. */
const ROW_PIXELS = 64;
const GAP_PIXELS = 12;

interface DashboardGridProps {
  widgets: readonly Widget[];
  /** What every card shows its widget with. */
  cards: WidgetCards;
  /** Managers arranging: handles, move and resize buttons, arrow keys. */
  arranging: boolean;
  /** Stores the boxes that changed. */
  onSave: (changes: [number, Box][]) => void;
}

interface Drag {
  id: number;
  mode: 'move' | 'resize';
  startX: number;
  startY: number;
  start: Box;
  base: Arrangement;
}

/**
 * The widgets on a 12-column grid, each at its stored place. Arranging, a widget moves by its
 * handle (dragged, or arrow keys; Shift with the arrows resizes) and resizes by its corner or
 * the buttons beside the handle; widgets in the way move down. On a phone they stack in reading order.
 */
export function DashboardGrid({ widgets, cards, arranging, onSave }: DashboardGridProps) {
  const { t } = useTranslation();
  const stored = useMemo<Arrangement>(
    () => new Map(widgets.map((widget) => [widget.id, widget.layout])),
    [widgets],
  );
  // A draft holds while the stored arrangement it started from is current: the server's answer
  // (the list fetched again after a save) replaces it.
  const [drafted, setDrafted] = useState<{ from: Arrangement; boxes: Arrangement } | null>(null);
  const draft = drafted?.from === stored ? drafted.boxes : null;
  const setDraft = (boxes: Arrangement) => setDrafted({ from: stored, boxes });
  const [said, setSaid] = useState('');
  const shown = draft ?? stored;
  const order = useMemo(() => phoneOrder(shown), [shown]);
  const grid = useRef<HTMLDivElement>(null);
  const drag = useRef<Drag | null>(null);
  const titleOf = (id: number) => widgets.find((widget) => widget.id === id)?.title ?? '';

  const commit = (next: Arrangement, id?: number) => {
    setDraft(next);
    const changes = changed(stored, next);
    if (changes.length > 0) onSave(changes);
    const box = id === undefined ? undefined : next.get(id);
    if (box && id !== undefined)
      setSaid(
        t('dashboard.full.placed', { title: titleOf(id), x: box.x + 1, y: box.y + 1, w: box.w, h: box.h }),
      );
  };

  const startDrag = (id: number, mode: Drag['mode']) => (event: PointerEvent<HTMLElement>) => {
    const start = shown.get(id);
    if (!start || event.button !== 0) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { id, mode, startX: event.clientX, startY: event.clientY, start, base: shown };
  };
  const follow = (event: PointerEvent<HTMLElement>) => {
    const current = drag.current;
    if (!current) return;
    const width = grid.current?.clientWidth ?? 0;
    const { dx, dy } = cellsOf(
      event.clientX - current.startX,
      event.clientY - current.startY,
      (width + GAP_PIXELS) / GRID_COLUMNS,
      ROW_PIXELS + GAP_PIXELS,
    );
    const { start } = current;
    setDraft(
      current.mode === 'move'
        ? place(current.base, current.id, { ...start, x: start.x + dx, y: start.y + dy })
        : place(current.base, current.id, {
            ...start,
            w: Math.min(start.w + dx, GRID_COLUMNS - start.x),
            h: start.h + dy,
          }),
    );
  };
  const drop = () => {
    const current = drag.current;
    drag.current = null;
    if (current && draft) commit(draft, current.id);
  };

  const keys = (id: number) => (event: KeyboardEvent<HTMLElement>) => {
    const step = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] }[event.key];
    if (!step) return;
    event.preventDefault();
    const [dx = 0, dy = 0] = step;
    commit(event.shiftKey ? resizeBy(shown, id, dx, dy) : moveBy(shown, id, dx, dy), id);
  };

  return (
    <>
      <div className={arranging ? 'map-dashboard-grid arranging' : 'map-dashboard-grid'} ref={grid}>
        {widgets.map((widget) => {
          const box = shown.get(widget.id) ?? widget.layout;
          const style = {
            '--x': box.x + 1,
            '--y': box.y + 1,
            '--w': box.w,
            '--h': box.h,
            '--phone-order': order.indexOf(widget.id),
          } as CSSProperties;
          const title = widget.title;
          const button = (label: string, text: string, next: () => Arrangement) => (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              aria-label={label}
              title={label}
              onClick={() => commit(next(), widget.id)}
            >
              {text}
            </button>
          );
          return (
            <div
              key={widget.id}
              className="map-dashboard-tile"
              style={style}
              data-testid={`tile-${widget.id}`}
              data-layout={`${box.x},${box.y},${box.w},${box.h}`}
            >
              {arranging && (
                <div
                  className="map-dashboard-arrange"
                  role="toolbar"
                  aria-label={t('dashboard.full.arrange_of', { title })}
                >
                  <button
                    type="button"
                    className="btn btn-secondary btn-small map-dashboard-handle"
                    aria-label={t('dashboard.full.handle', { title })}
                    aria-describedby="map-dashboard-help"
                    onPointerDown={startDrag(widget.id, 'move')}
                    onPointerMove={follow}
                    onPointerUp={drop}
                    onPointerCancel={drop}
                    onKeyDown={keys(widget.id)}
                  >
                    ✥
                  </button>
                  {button(t('dashboard.full.left', { title }), '←', () => moveBy(shown, widget.id, -1, 0))}
                  {button(t('dashboard.full.right', { title }), '→', () => moveBy(shown, widget.id, 1, 0))}
                  {button(t('dashboard.full.up', { title }), '↑', () => moveBy(shown, widget.id, 0, -1))}
                  {button(t('dashboard.full.down', { title }), '↓', () => moveBy(shown, widget.id, 0, 1))}
                  {button(t('dashboard.full.narrower', { title }), '⇤', () =>
                    resizeBy(shown, widget.id, -1, 0),
                  )}
                  {button(t('dashboard.full.wider', { title }), '⇥', () => resizeBy(shown, widget.id, 1, 0))}
                  {button(t('dashboard.full.shorter', { title }), '⤒', () =>
                    resizeBy(shown, widget.id, 0, -1),
                  )}
                  {button(t('dashboard.full.taller', { title }), '⤓', () => resizeBy(shown, widget.id, 0, 1))}
                </div>
              )}
              <WidgetCard widget={widget} {...cards} />
              {arranging && (
                <span
                  className="map-dashboard-resize"
                  aria-hidden="true"
                  onPointerDown={startDrag(widget.id, 'resize')}
                  onPointerMove={follow}
                  onPointerUp={drop}
                  onPointerCancel={drop}
                />
              )}
            </div>
          );
        })}
      </div>
      {arranging && (
        <p id="map-dashboard-help" className="visually-hidden">
          {t('dashboard.full.handle_help')}
        </p>
      )}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </>
  );
}
