import type { ReactNode } from 'react';
import { Column, Row, Table, TableBody, TableHeader, type SortDescriptor } from 'react-aria-components';
import type { OrderDirectionParameter } from '@generated/model';

/** A list's order as the list calls take it: a column and `asc`/`desc`. */
export type ListSort<C extends string> = { column: C; direction: OrderDirectionParameter };

/** A page of a sorted list in the list call's parameters. */
export function sortedPage<C extends string>(page: number, sort: ListSort<C>) {
  return { page, order_column: sort.column, order_direction: sort.direction };
}

type SortableTableProps<C extends string, T extends { id: number }> = {
  label: string;
  /** The columns the list call sorts by, in their order on screen; the actions column follows. */
  columns: readonly C[];
  /** The column that names a row for assistive technology. */
  rowHeader: C;
  columnLabel: (column: C) => string;
  actionsLabel: string;
  sort: ListSort<C>;
  onSortChange: (sort: ListSort<C>) => void;
  items: readonly T[];
  /** A row's cells, one per column and the actions last. */
  cells: (item: T) => ReactNode;
};

/**
 * A page of a sorted list as a react-aria table: each sortable column's header says and changes
 * the order the list call is asked for (the screen keeps the sort and the page).
 */
export function SortableTable<C extends string, T extends { id: number }>({
  label,
  columns,
  rowHeader,
  columnLabel,
  actionsLabel,
  sort,
  onSortChange,
  items,
  cells,
}: SortableTableProps<C, T>) {
  const descriptor: SortDescriptor = {
    column: sort.column,
    direction: sort.direction === 'asc' ? 'ascending' : 'descending',
  };
  const changeSort = (next: SortDescriptor) => {
    const column = columns.find((name) => name === next.column);
    if (column) onSortChange({ column, direction: next.direction === 'ascending' ? 'asc' : 'desc' });
  };
  return (
    <div className="table-scroll">
      <Table aria-label={label} className="table" sortDescriptor={descriptor} onSortChange={changeSort}>
        <TableHeader>
          {columns.map((column) => (
            <Column
              key={column}
              id={column}
              isRowHeader={column === rowHeader}
              allowsSorting
              className="table-column"
            >
              {({ sortDirection }) => (
                <span className="table-sort">
                  {columnLabel(column)}
                  <span aria-hidden="true" className="table-sort-icon">
                    {sortDirection === 'ascending' ? '▲' : sortDirection === 'descending' ? '▼' : '↕'}
                  </span>
                </span>
              )}
            </Column>
          ))}
          <Column id="actions" className="table-column">
            {actionsLabel}
          </Column>
        </TableHeader>
        <TableBody items={items}>
          {(item) => (
            <Row id={item.id} className="table-row">
              {cells(item)}
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

/** A row's buttons, side by side in its last cell. */
export function RowActions({ children }: { children: ReactNode }) {
  return <span className="table-actions">{children}</span>;
}
