import { observeElementOffset, useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Feature, Layer } from '@generated/model';
import { LoadError } from '../ui/status';
import { TextField } from '../ui/text-field';
import { readableLayer, useAppAbility } from '../../lib/ability';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { BulkEditForm } from './bulk-edit-form';
import { ColumnChooser } from './column-chooser';
import { ColumnFilter, type ColumnCondition } from './column-filter';
import { scrollScale } from './scaled-scroll';
import { SortableHeader } from './sortable-header';
import { TableExport } from './table-export';
import { useFeaturePages } from './use-feature-pages';
import { datetimeFor, useTimeDatetime } from '../../lib/time-query';
import './feature-table.css';

const ROW_HEIGHT = 32;
const VIEWPORT_HEIGHT = 480;

type FeatureTableProps = {
  mapId: number;
  layer: Layer;
  /** "Show on map": the screen that mounts the table decides where that goes. */
  onShowOnMap?: (feature: Feature) => void;
  /** "Zoom to selected": the screen shows the selected rows on its map. */
  onShowSelectionOnMap?: (features: Feature[]) => void;
  canEdit?: boolean;
};

function cellText(value: unknown, yes: string, no: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? yes : no;
  return String(value);
}

/**
 * A layer's features over server paging: only the rows in view are in the DOM, and the
 * scroll range is scaled past the browsers' element height cap, so a million rows scroll.
 */
export function FeatureTable({
  mapId,
  layer: givenLayer,
  onShowOnMap,
  onShowSelectionOnMap,
  canEdit = false,
}: FeatureTableProps) {
  const { t } = useTranslation();
  // A property a rule hides from this user gets no column, no filter and no bulk-edit field.
  const layer = readableLayer(useAppAbility(), mapId, givenLayer);
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim());
  // The rows themselves, not just ids: zooming to them needs their geometry, wherever they scrolled.
  const [selected, setSelected] = useState<ReadonlyMap<number, Feature>>(new Map());
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [where, setWhere] = useState<ColumnCondition | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState<[number, number]>([0, 30]);
  const [sort, setSort] = useState<{ name: string; descending: boolean } | null>(null);
  const sortParam = sort ? `${sort.descending ? '-' : ''}${sort.name}` : undefined;
  // The map's time slider (its range in the address): only the rows of the dates drawn.
  const { datetime } = datetimeFor(layer, useTimeDatetime());
  const pages = useFeaturePages(mapId, layer.id, search, range[0], range[1], sortParam, where, datetime);
  const count = pages.total ?? 0;
  const scale = scrollScale(count * ROW_HEIGHT, VIEWPORT_HEIGHT);
  const scaleRef = useRef(scale);
  useLayoutEffect(() => {
    scaleRef.current = scale;
  });

  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    // The body's height is fixed in CSS, so there is nothing to measure (and jsdom could not).
    observeElementRect: (_instance, callback) => callback({ width: 0, height: VIEWPORT_HEIGHT }),
    observeElementOffset: (instance, callback) =>
      observeElementOffset(instance, (offset, isScrolling) =>
        callback(scaleRef.current.toReal(offset), isScrolling),
      ),
    onChange: (instance) => {
      const items = instance.getVirtualItems();
      const first = items[0]?.index ?? 0;
      const last = items.at(-1)?.index ?? 0;
      setRange((current) => (current[0] === first && current[1] === last ? current : [first, last]));
    },
  });
  const items = virtualizer.getVirtualItems();
  const realOffset = virtualizer.scrollOffset ?? 0;
  const shownOffset = scale.toShown(realOffset);
  const yes = t('viewer.yes');
  const no = t('viewer.no');
  const columns = layer.properties.filter((column) => !hidden.has(column.name));

  const toggle = (feature: Feature) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(feature.id)) next.delete(feature.id);
      else next.set(feature.id, feature);
      return next;
    });

  return (
    <div className="feature-table">
      <div className="feature-table-tools">
        <div className="feature-table-search">
          <TextField
            label={t('feature_table.search')}
            type="search"
            value={searchText}
            onChange={setSearchText}
          />
        </div>
        <p role="status" className="feature-table-count">
          {pages.total === null ? t('common.loading') : t('feature_table.count', { count: pages.total })}
          {selected.size > 0 && ` · ${t('feature_table.selected', { count: selected.size })}`}
        </p>
        <TableExport mapId={mapId} layer={layer} selectedIds={[...selected.keys()]} search={search} />
        {onShowSelectionOnMap && (
          <button
            type="button"
            className="btn btn-secondary"
            disabled={selected.size === 0}
            onClick={() => onShowSelectionOnMap([...selected.values()])}
          >
            {t('feature_table.tools.zoom_selected', { count: selected.size })}
          </button>
        )}
        <ColumnChooser columns={layer.properties} hidden={hidden} onChange={setHidden} />
      </div>
      {layer.properties.length > 0 && (
        <ColumnFilter columns={layer.properties} condition={where} onChange={setWhere} />
      )}
      {pages.isError && <LoadError />}
      <div
        role="table"
        aria-label={t('feature_table.label', { name: layer.name })}
        aria-rowcount={count + 1}
        className="feature-table-grid"
        style={{ ['--columns' as string]: columns.length }}
      >
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className="feature-table-row feature-table-head">
            <span role="columnheader" className="cell-select">
              <span className="visually-hidden">{t('feature_table.select_column')}</span>
            </span>
            <SortableHeader
              name="id"
              label={t('feature_table.id')}
              sort={sort}
              onSort={setSort}
              className="cell-id"
            />
            {columns.map((column) => (
              <SortableHeader
                key={column.name}
                name={column.name}
                label={column.label}
                sort={sort}
                onSort={setSort}
              />
            ))}
            <span role="columnheader" className="cell-actions">
              <span className="visually-hidden">{t('feature_table.actions')}</span>
            </span>
          </div>
        </div>
        <div
          ref={scrollRef}
          role="rowgroup"
          className="feature-table-body"
          style={{ height: VIEWPORT_HEIGHT }}
          tabIndex={0}
        >
          <div style={{ height: scale.scrollHeight, position: 'relative' }}>
            {items.map((item) => {
              const feature = pages.rowAt(item.index);
              return (
                <div
                  role="row"
                  key={item.key}
                  aria-rowindex={item.index + 2}
                  className="feature-table-row"
                  style={{
                    position: 'absolute',
                    left: 0,
                    right: 0,
                    height: ROW_HEIGHT,
                    top: item.start - realOffset + shownOffset,
                  }}
                >
                  {feature ? (
                    <>
                      <span role="cell" className="cell-select">
                        <input
                          type="checkbox"
                          aria-label={t('feature_table.select_row', { id: feature.id })}
                          checked={selected.has(feature.id)}
                          onChange={() => toggle(feature)}
                        />
                      </span>
                      <span role="cell" className="cell-id">
                        {feature.id}
                      </span>
                      {columns.map((column) => (
                        <span role="cell" key={column.name}>
                          {cellText(feature.properties[column.name], yes, no)}
                        </span>
                      ))}
                      <span role="cell" className="cell-actions">
                        {onShowOnMap && (
                          <button type="button" className="link-like" onClick={() => onShowOnMap(feature)}>
                            {t('feature_table.show_on_map')}
                            <span className="visually-hidden"> {feature.id}</span>
                          </button>
                        )}
                      </span>
                    </>
                  ) : (
                    <span role="cell" className="cell-loading">
                      {t('common.loading')}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        </div>
      </div>
      {canEdit && (
        <BulkEditForm
          mapId={mapId}
          layer={layer}
          featureIds={[...selected.keys()]}
          onDone={() => setSelected(new Map())}
        />
      )}
    </div>
  );
}
