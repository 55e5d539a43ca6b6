import type { ReactNode } from 'react';
import { ListBox, ListBoxItem, Popover } from 'react-aria-components';

export type ListOption = { id: string; label: string };

type OptionsPopoverProps<T extends ListOption> = {
  /** The options, when the surrounding field (a react-aria Select) does not hand them over itself. */
  items?: Iterable<T>;
  /** Said inside the list when it has no options; without it an empty list shows nothing. */
  emptyText?: ReactNode;
  /** Extra class of the popover, next to `select-popover`. */
  className?: string;
};

/**
 * The pop-up list of options shared by the form select, the compact select and the people
 * picker: one option per entry, named by its label. Placed inside a react-aria ComboBox or
 * Select, which opens it, positions it under the field and handles the keys.
 */
export function OptionsPopover<T extends ListOption>({
  items,
  emptyText,
  className,
}: OptionsPopoverProps<T>) {
  return (
    <Popover className={['select-popover', className].filter(Boolean).join(' ')}>
      <ListBox<T>
        className="select-list"
        {...(items ? { items } : {})}
        {...(emptyText === undefined
          ? {}
          : { renderEmptyState: () => <p className="select-empty">{emptyText}</p> })}
      >
        {(option) => (
          <ListBoxItem id={option.id} className="select-option" textValue={option.label}>
            {option.label}
          </ListBoxItem>
        )}
      </ListBox>
    </Popover>
  );
}
