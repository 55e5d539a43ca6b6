import type { ReactNode } from 'react';

type PrintChoicesProps = {
  className: string;
  legend: string;
  /** Said instead of the choices when there is nothing to choose. */
  emptyText: string;
  isEmpty: boolean;
  /** One checkbox (with what goes with it) a choice. */
  children: ReactNode;
};

/** A group of checkboxes of what goes on the sheet (layers, widgets), or why there is none. */
export function PrintChoices({ className, legend, emptyText, isEmpty, children }: PrintChoicesProps) {
  return (
    <fieldset className={className}>
      <legend className="field-label">{legend}</legend>
      {isEmpty ? <p className="status status-empty">{emptyText}</p> : children}
    </fieldset>
  );
}
