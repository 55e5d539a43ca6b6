import type { ReactNode } from 'react';

type ListTableProps = {
  /** Names the table for assistive technology; the heading above already says it on screen. */
  caption?: string;
  /** The column headings, in their order on screen. */
  columns: readonly ReactNode[];
  /** Added to the `table` class. */
  className?: string;
  /** The rows. */
  children: ReactNode;
};

/** A plain table of rows under a row of column headings. */
export function ListTable({ caption, columns, className, children }: ListTableProps) {
  return (
    <table className={className ? `table ${className}` : 'table'}>
      {caption === undefined ? null : <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column, index) => (
            // The headings are fixed for the table's life: their place is their identity.
            <th key={index} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
