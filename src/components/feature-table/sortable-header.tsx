type Sort = { name: string; descending: boolean } | null;

type SortableHeaderProps = {
  name: string;
  label: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
  className?: string;
};

/**
 * A column header that sorts the table on the server: ascending, then descending, then back
 * to the id order. `aria-sort` tells assistive technology which way.
 */
export function SortableHeader({ name, label, sort, onSort, className }: SortableHeaderProps) {
  const active = sort?.name === name ? sort : null;
  const next: Sort = !active
    ? { name, descending: false }
    : active.descending
      ? null
      : { name, descending: true };
  return (
    <span
      role="columnheader"
      className={className}
      aria-sort={active ? (active.descending ? 'descending' : 'ascending') : 'none'}
    >
      <button type="button" className="sort-button" onClick={() => onSort(next)}>
        {label}
        <span aria-hidden="true" className="sort-mark">
          {active ? (active.descending ? ' ▼' : ' ▲') : ''}
        </span>
      </button>
    </span>
  );
}
